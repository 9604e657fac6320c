import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "~/auth/auth.server";
import { getSessionUser, requireStaff } from "~/auth/session.server";
import { parseConfig } from "~/config.server";
import { user } from "~/db/schema";
import {
  countAdmins,
  deleteUserAccount,
  findUserByEmail,
  LastAdminError,
  setUserRole,
} from "~/models/user.server";
import { userRoles } from "~/schemas/domain";
import { cli as runCli } from "../support/cli";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3999";

describe("accounts", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let context: AppLoadContext;
  let auth: ReturnType<typeof createAuth>;
  beforeAll(async () => {
    database = await createTestDatabase();
    const config = { ...parseConfig({ APP_URL }), authSecret: "integration-test-secret-0123456789abcdef" };
    auth = createAuth(database.db, config, async () => {});
    context = {
      db: database.db,
      config,
      clientIp: "127.0.0.1",
      cspNonce: "",
      requestId: "test",
      changeBus: { subscribe: () => () => {}, close: async () => {} },
      shutdownSignal: new AbortController().signal,
    };
  });

  const signedInRequest = async (email: string, password: string, method = "GET") => {
    const response = await auth.api.signInEmail({
      body: { email, password },
      headers: new Headers({ origin: APP_URL }),
      asResponse: true,
    });
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return new Request(`${APP_URL}/admin`, { method, headers: { cookie, origin: APP_URL } });
  };

  it("gives every new account the role user, and reads an unreadable role as user", async () => {
    await auth.api.signUpEmail({
      body: { email: "mai@lernhaus.test", password: "Lernen-2025!", name: "Mai" },
      headers: new Headers({ origin: APP_URL }),
    });
    const created = await findUserByEmail(database.db, "mai@lernhaus.test");
    expect(created?.role).toBe("user");

    await database.db.update(user).set({ role: "superuser" }).where(eq(user.id, created!.id));
    const request = await signedInRequest("mai@lernhaus.test", "Lernen-2025!");
    expect((await getSessionUser(request, context))?.role).toBe("user");
    // …and so is refused the admin area.
    await expect(requireStaff(request, context)).rejects.toMatchObject({ status: 302 });
    await expect(
      requireStaff(await signedInRequest("mai@lernhaus.test", "Lernen-2025!", "POST"), context),
    ).rejects.toMatchObject({
      status: 403,
    });
    await setUserRole(database.db, created!.id, "admin");
    // The new role ends the sessions that had the old one; signed in again, it is an admin's.
    await expect(requireStaff(request, context)).rejects.toMatchObject({ status: 302 });
    const again = await signedInRequest("mai@lernhaus.test", "Lernen-2025!");
    expect((await requireStaff(again, context)).role).toBe("admin");
  });

  it("never demotes or deletes the last admin", async () => {
    const admin = await findUserByEmail(database.db, "mai@lernhaus.test");
    expect(await countAdmins(database.db)).toBe(1);
    await expect(setUserRole(database.db, admin!.id, "user")).rejects.toBeInstanceOf(LastAdminError);
    await expect(deleteUserAccount(database.db, admin!.id)).rejects.toBeInstanceOf(LastAdminError);
    expect((await findUserByEmail(database.db, "mai@lernhaus.test"))?.role).toBe("admin");
  });

  describe("the CLI", () => {
    const cli = (...args: string[]) =>
      runCli(
        { DATABASE_URL: database.url, APP_URL, AUTH_SECRET: "integration-test-secret-0123456789abcdef" },
        ...args,
      );

    it("creates an admin whose password works, and refuses duplicates and bad roles", async () => {
      const created = await cli(
        "user",
        "create",
        "--email",
        "hieu@lernhaus.test",
        "--password",
        "Deutsch-B2!",
        "--name",
        "Thầy Hiếu",
        "--role",
        "admin",
      );
      expect(created).toEqual({ code: 0, out: "created admin hieu@lernhaus.test\n" });
      const request = await signedInRequest("hieu@lernhaus.test", "Deutsch-B2!");
      expect((await getSessionUser(request, context))?.role).toBe("admin");

      const duplicate = await cli(
        "user",
        "create",
        "--email",
        "hieu@lernhaus.test",
        "--password",
        "Deutsch-B2!",
        "--name",
        "X",
      );
      expect(duplicate.code).toBe(2);
      expect(duplicate.out).toContain("already exists");
      const badRole = await cli("user", "role", "--email", "hieu@lernhaus.test", "--role", "owner");
      expect(badRole.code).toBe(2);
      expect(badRole.out).toContain('unknown role "owner"');
      const unknown = await cli("user", "role", "--email", "nobody@lernhaus.test", "--role", "admin");
      expect(unknown.code).toBe(2);
      expect(unknown.out).toContain("no user with the email nobody@lernhaus.test");
      const weak = await cli(
        "user",
        "create",
        "--email",
        "x@lernhaus.test",
        "--password",
        "123456",
        "--name",
        "X",
      );
      expect(weak.code).toBe(2);
    });

    it("creates a person with each role's name, who signs in with it; a changed role ends their sessions", async () => {
      for (const role of userRoles) {
        const email = `role-${role}@lernhaus.test`;
        const created = await cli(
          "user",
          "create",
          "--email",
          email,
          "--password",
          "Deutsch-B2!",
          "--name",
          "Nhân Viên",
          "--role",
          role,
        );
        expect(created).toEqual({ code: 0, out: `created ${role} ${email}\n` });
        const request = await signedInRequest(email, "Deutsch-B2!");
        expect((await getSessionUser(request, context))?.role).toBe(role);
        const other = role === "editor" ? "teacher" : "editor";
        expect(await cli("user", "role", "--email", email, "--role", other)).toEqual({
          code: 0,
          out: `${email} is now ${other}\n`,
        });
        // Signed in before the change: that session is gone.
        expect(await getSessionUser(request, context)).toBeNull();
        const again = await signedInRequest(email, "Deutsch-B2!");
        expect((await getSessionUser(again, context))?.role).toBe(other);
      }
    });

    it("sets a password for an account made without one (a demo teacher's), by the one policy", async () => {
      await database.db.insert(user).values({
        id: "demo-teacher-1",
        name: "Lena Hoffmann",
        email: "lena.hoffmann@example.com",
        emailVerified: true,
        role: "teacher",
      });
      const weak = await cli(
        "user",
        "password",
        "--email",
        "lena.hoffmann@example.com",
        "--password",
        "lena.hoffmann",
      );
      expect(weak.code).toBe(2);
      const set = await cli(
        "user",
        "password",
        "--email",
        "lena.hoffmann@example.com",
        "--password",
        "Wortschatz-2026!",
      );
      expect(set).toEqual({ code: 0, out: "password set for lena.hoffmann@example.com\n" });
      const request = await signedInRequest("lena.hoffmann@example.com", "Wortschatz-2026!");
      expect((await getSessionUser(request, context))?.role).toBe("teacher");
      // Set again: the new one works, and the sessions of the old one end.
      await cli(
        "user",
        "password",
        "--email",
        "lena.hoffmann@example.com",
        "--password",
        "Hörverstehen-2026!",
      );
      expect(await getSessionUser(request, context)).toBeNull();
      const again = await signedInRequest("lena.hoffmann@example.com", "Hörverstehen-2026!");
      expect((await getSessionUser(again, context))?.email).toBe("lena.hoffmann@example.com");
      const unknown = await cli(
        "user",
        "password",
        "--email",
        "niemand@example.com",
        "--password",
        "Wortschatz-2026!",
      );
      expect(unknown.code).toBe(2);
    });

    it("changes roles, but keeps the last admin", async () => {
      expect(await cli("user", "role", "--email", "hieu@lernhaus.test", "--role", "user")).toEqual({
        code: 0,
        out: "hieu@lernhaus.test is now user\n",
      });
      const last = await cli("user", "role", "--email", "mai@lernhaus.test", "--role", "user");
      expect(last.code).toBe(1);
      expect(last.out).toContain("last admin");
    });
  });
});
