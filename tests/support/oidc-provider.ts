// A real OpenID Connect provider on loopback (npm oauth2-mock-server) for the third-party
// sign-in e2e test. It signs everyone in as the same person, so that a second sign-in must
// reuse the account the first one created. Run as a Playwright web server.
import { OAuth2Server } from "oauth2-mock-server";

export const OIDC_PERSON = {
  sub: "oidc-person-1",
  email: "oidc.person@lernhaus.test",
  name: "Trần Thị OIDC",
};

const port = Number(process.env.OIDC_PORT ?? 3199);
const server = new OAuth2Server();
await server.issuer.keys.generate("RS256");
server.service.on("beforeTokenSigning", (token) => {
  token.payload.sub = OIDC_PERSON.sub;
  token.payload.email = OIDC_PERSON.email;
  token.payload.email_verified = true;
  token.payload.name = OIDC_PERSON.name;
});
server.service.on("beforeUserinfo", (response) => {
  response.body = { ...OIDC_PERSON, email_verified: true };
});
await server.start(port, "localhost");
console.log(`OIDC provider on ${server.issuer.url}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void server.stop().then(() => process.exit(0)));
}
