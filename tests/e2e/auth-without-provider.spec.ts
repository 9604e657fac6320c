// /login and /signup on a server with neither Google nor OpenID Connect configured: the
// third-party button could only fail there, so it and its "hoặc" divider are left out. (The
// shared e2e server has an OpenID Connect provider; accounts.spec.ts signs in through it.)
import { cleanUpServers, freePort, type ServerProcess, startServer } from "../system/server-process";
import { expect, test } from "./fixtures";

test.describe("without an identity provider", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  let server: ServerProcess;
  let origin: string;

  test.beforeAll(async () => {
    // A whole server boots here (a fresh database cluster, migrated and seeded): under CI's load
    // that took longer than the 30 s hooks get by default, although startServer waits up to 90 s.
    test.setTimeout(120_000);
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    // The system tests' launcher leaves out every Google and OIDC variable.
    server = await startServer({ port, env: { APP_URL: origin } }, 90_000);
  });

  test.afterAll(async () => {
    await cleanUpServers();
  });

  test("the sign-in and sign-up pages show no 'Google' button and no 'or' divider", async ({
    page,
    expectAccessible,
  }) => {
    expect(server.port).toBeGreaterThan(0);
    for (const [path, button, submit] of [
      ["/login", "Đăng nhập với Google", "Đăng nhập"],
      ["/signup", "Đăng ký với Google", "Đăng ký"],
    ] as const) {
      await page.goto(`${origin}${path}`);
      const main = page.getByRole("main");
      await expect(main.getByRole("button", { name: submit, exact: true })).toBeVisible();
      await expect(main.getByRole("button", { name: button })).toHaveCount(0);
      await expect(main.getByText("hoặc", { exact: true })).toHaveCount(0);
      await expectAccessible();

      // The same page on the shared server, which has a provider, does show both.
      await page.goto(path);
      await expect(page.getByRole("main").getByRole("button", { name: button })).toBeVisible();
      await expect(page.getByRole("main").getByText("hoặc", { exact: true })).toHaveCount(1);
    }
  });
});
