// A route handler's load context and signed-in session cookies, for integration tests that call
// admin loaders and actions directly (the accounts are made through better-auth itself).
import type { AppLoadContext } from "react-router";
import { createAuth } from "~/auth/auth.server";
import { parseConfig } from "~/config.server";
import type { Db } from "~/db/client.server";
import { setUserRole } from "~/models/user.server";
import type { UserRole } from "~/schemas/domain";

export function createSessionFixture(db: Db, appUrl: string) {
  const config = {
    ...parseConfig({ APP_URL: appUrl }),
    authSecret: "integration-test-secret-0123456789abcdef",
  };
  const auth = createAuth(db, config, async () => {});
  const context: AppLoadContext = {
    db,
    config,
    clientIp: "127.0.0.1",
    cspNonce: "",
    requestId: "test",
    changeBus: { subscribe: () => () => {}, close: async () => {} },
    shutdownSignal: new AbortController().signal,
  };
  /** Signs up `email` with the given role and returns the session's Cookie header. */
  async function cookieFor(email: string, name: string, role: UserRole) {
    const headers = new Headers({ origin: appUrl });
    const { user } = await auth.api.signUpEmail({ body: { email, password: "Lernen-2025!", name }, headers });
    if (role !== "user") await setUserRole(db, user.id, role);
    const response = await auth.api.signInEmail({
      body: { email, password: "Lernen-2025!" },
      headers,
      asResponse: true,
    });
    return response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
  }
  return { context, cookieFor };
}
