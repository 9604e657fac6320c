import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authFor } from "~/auth/session.server";
import { requestPasswordReset, startThirdPartySignIn } from "~/auth/sign-in.server";
import { parseConfig } from "~/config.server";
import { emailOutbox } from "~/db/schema";
import { createMailTransport } from "~/mail/transport.server";
import { deliverDueMail } from "~/mail/worker.server";
import { isResetTokenValid } from "~/models/user.server";
import { captureLog } from "../support/log-capture";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3998";

describe("password reset mail", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let context: AppLoadContext;
  let sink: SmtpSink;
  beforeAll(async () => {
    database = await createTestDatabase();
    sink = await startSmtpSink();
    const config = { ...parseConfig({ APP_URL }), authSecret: "integration-test-secret-0123456789abcdef" };
    context = {
      db: database.db,
      config,
      clientIp: "127.0.0.1",
      cspNonce: "",
      requestId: "test",
      changeBus: { subscribe: () => () => {}, close: async () => {} },
      shutdownSignal: new AbortController().signal,
    };
    await authFor(context).api.signUpEmail({
      body: { email: "lena@lernhaus.test", password: "Lernen-2025!", name: "Lena" },
      headers: new Headers({ origin: APP_URL }),
    });
  });
  afterAll(async () => {
    await sink.close();
  });

  const request = (cookie: string) =>
    new Request(`${APP_URL}/forgot-password`, { method: "POST", headers: { cookie, origin: APP_URL } });

  it("reaches a real SMTP server in the requester's language, with a working one-time link", async () => {
    expect(await requestPasswordReset(request("lng=de"), context, { email: "Lena@lernhaus.test" })).toEqual({
      ok: true,
    });
    const transport = createMailTransport({ smtpUrl: sink.url, dataDir: "/nonexistent" });
    await deliverDueMail(database.db, transport, { from: "Lernhaus <no-reply@lernhaus.test>" });
    transport.close();
    // (Sign-up mailed a verification link to the same address before.)
    const mail = await sink.waitFor((m) => m.to.includes("lena@lernhaus.test") && /Passwort/.test(m.subject));
    expect(mail.subject).toBe("Ihr Lernhaus-Passwort zurücksetzen");
    expect(mail.text).toContain("Hallo Lena,");
    const token = new URL(/http\S+\/reset-password\?token=\S+/.exec(mail.text)![0]).searchParams.get(
      "token",
    )!;
    expect(await isResetTokenValid(database.db, token)).toBeTruthy();
  });

  it("answers an unknown email the same way and sends nothing", async () => {
    await database.db.delete(emailOutbox);
    expect(await requestPasswordReset(request(""), context, { email: "nobody@lernhaus.test" })).toEqual({
      ok: true,
    });
    expect(await database.db.select().from(emailOutbox)).toEqual([]);
  });
});

describe("the third-party button without a configured provider", () => {
  it("gives the catalogue's failure and tells the operator what to set, in one log line", async () => {
    const log = captureLog();
    const context = { clientIp: "127.0.0.1" } as AppLoadContext;
    const signIn = await startThirdPartySignIn(new Request(`${APP_URL}/login`), context, "signIn", undefined);
    const signUp = await startThirdPartySignIn(
      new Request(`${APP_URL}/signup`),
      context,
      "signUp",
      undefined,
    );
    expect(signIn).toMatchObject({ ok: false, error: "auth:errors.googleSignInFailed" });
    expect(signUp).toMatchObject({ ok: false, error: "auth:errors.googleSignUpFailed" });
    log.restore();
    const hints = log.records.filter((record) => /GOOGLE_CLIENT_ID.*OIDC_ISSUER/.test(String(record.msg)));
    expect(hints.map((record) => record.level)).toEqual(["warn", "warn"]);
  });
});
