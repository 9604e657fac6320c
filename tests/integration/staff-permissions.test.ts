// Staff roles with least privilege (issue 30, ADR 047): every admin route of app/routes.ts and
// every action it takes, asked by every role and by an anonymous visitor, through the real route
// modules against PostgreSQL. What each is allowed is read from the one permission table
// (app/lib/permissions.ts), so a route that checks less (a bypass) or more (a missing access)
// than the table says fails here — and so does an admin route the table does not list.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { courses } from "~/db/schema";
import { seedDemoContent } from "~/db/seed.server";
import {
  type AdminPath,
  adminAccess,
  can,
  canView,
  isStaffRole,
  type RouteAccess,
  staffHome,
  staffRoles,
} from "~/lib/permissions";
import routes from "~/routes";
import { type UserRole, userRoles } from "~/schemas/domain";
import { createSessionFixture } from "../support/admin-session";
import { bodyOf } from "../support/rich-text";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3997";
const SOME_ID = "7c1e4b8e-2f41-4c62-9a57-0d3b8f6e1a22";

type RouteModule = {
  loader?: (args: unknown) => Promise<unknown>;
  action?: (args: unknown) => Promise<unknown>;
};
const modules = import.meta.glob<RouteModule>("../../app/routes/admin/*.{ts,tsx}");

/** The admin routes app/routes.ts declares: each page's address and its module. */
function adminRoutes(): { path: string; file: string }[] {
  const admin = (routes as RouteConfigEntry[]).find((entry) => entry.path === "admin");
  return (admin?.children ?? []).map((child) => ({
    path: child.index ? "/admin" : `/admin/${child.path}`,
    file: child.file,
  }));
}

const layoutFile = () => (routes as RouteConfigEntry[]).find((entry) => entry.path === "admin")!.file;
const load = (file: string) => modules[`../../app/${file}`]!() as Promise<RouteModule>;

type Who = UserRole | "anonymous";
const everyone: Who[] = ["anonymous", ...userRoles];

let fixture: ReturnType<typeof createSessionFixture>;
const cookies = new Map<Who, string>();
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoContent(database.db);
  fixture = createSessionFixture(database.db, APP_URL);
  cookies.set("anonymous", "");
  for (const role of userRoles)
    cookies.set(role, await fixture.cookieFor(`${role}@lernhaus.test`, `Người ${role}`, role));
});

/** What a loader or action answered: its value, or the Response it threw. */
async function answer(run: () => Promise<unknown>) {
  try {
    return { value: await run() };
  } catch (thrown) {
    if (thrown instanceof Response) return { thrown };
    throw thrown;
  }
}

function call(
  module: RouteModule,
  kind: "loader" | "action",
  who: Who,
  path: string,
  body?: URLSearchParams,
) {
  const url = `${APP_URL}${path.replace(":id", SOME_ID)}`;
  const headers = new Headers({ cookie: cookies.get(who) ?? "", origin: APP_URL });
  const request = body ? new Request(url, { method: "POST", headers, body }) : new Request(url, { headers });
  // A fresh context per call: an action swaps its database handle for an audit-scoped one.
  const context = { ...fixture.context };
  return answer(() => module[kind]!({ request, context, params: { id: SOME_ID } }));
}

/** Where a page sends someone it refuses: anonymous visitors to sign in, learners home, staff to
 * their own first page. */
function refusedTo(who: Who) {
  if (who === "anonymous") return "/login";
  return isStaffRole(who) ? staffHome(who) : "/";
}

function isRefusedPage(result: Awaited<ReturnType<typeof answer>>, who: Who) {
  return result.thrown?.status === 302 && result.thrown.headers.get("Location") === refusedTo(who);
}

const isForbidden = (result: Awaited<ReturnType<typeof answer>>) => result.thrown?.status === 403;

/** Whatever an allowed request answers (a page, a 404 for the made-up id, a 400 for an empty
 * form), it is never a server error: bad input is the client's 4xx. */
function expectAnswered(result: Awaited<ReturnType<typeof answer>>) {
  expect(result.thrown?.status ?? 200).toBeLessThan(500);
}

describe("the permission table", () => {
  it("lists every admin route of app/routes.ts, and nothing else", () => {
    expect(
      adminRoutes()
        .map((route) => route.path)
        .sort(),
    ).toEqual(Object.keys(adminAccess).sort());
  });

  it("gives an admin everything, and every other role only part of it", () => {
    for (const path of Object.keys(adminAccess) as AdminPath[]) expect(canView("admin", path)).toBe(true);
    for (const role of staffRoles.filter((role) => role !== "admin"))
      expect(
        (Object.keys(adminAccess) as AdminPath[]).filter((path) => !canView(role, path)).length,
      ).toBeGreaterThan(0);
    for (const role of ["user", "anonymous"] as const)
      expect((Object.keys(adminAccess) as AdminPath[]).filter((path) => canView(role, path))).toEqual([]);
  });

  it("keeps personal data from the editor and erasure and settings for the admin alone", () => {
    for (const permission of ["students", "messages", "payments", "trials", "classes", "overview"] as const)
      expect(can("editor", permission)).toBe(false);
    for (const role of staffRoles)
      for (const permission of ["erase", "settings"] as const)
        expect(can(role, permission)).toBe(role === "admin");
  });
});

describe.each(adminRoutes())("$path", ({ path, file }) => {
  const access: RouteAccess = adminAccess[path as AdminPath];

  it.each(everyone)("opened by %s: as the table says", async (who) => {
    const module = await load(file);
    if (!module.loader) return expect(access.view).toEqual([]);
    const result = await call(module, "loader", who, path);
    const allowed = access.view.some((permission) => can(who, permission));
    if (allowed) {
      expect(isRefusedPage(result, who)).toBe(false);
      expectAnswered(result);
    } else {
      expect(isRefusedPage(result, who), `${who} must be sent to ${refusedTo(who)}`).toBe(true);
    }
  });

  it("has an action exactly when the table lists what may be posted to it", async () => {
    const module = await load(file);
    expect(Boolean(module.action)).toBe(Boolean(access.post || access.intents));
  });

  const posts: { intent?: string; permission: string }[] = [
    ...(access.post ? [{ permission: access.post }] : []),
    ...Object.entries(access.intents ?? {}).map(([intent, permission]) => ({ intent, permission })),
  ];
  if (posts.length === 0) return;
  it.each(everyone)("posted to by %s, each action: as the table says", async (who) => {
    const module = await load(file);
    for (const { intent, permission } of posts) {
      // Of an entry that does not exist: what an allowed role gets is a 4xx of the form, never a change.
      const result = await call(
        module,
        "action",
        who,
        path,
        new URLSearchParams(intent ? { intent, id: SOME_ID } : {}),
      );
      const allowed = can(who, permission as never);
      expect(isForbidden(result), `${who} posting ${intent ?? "to it"}: ${allowed ? "allowed" : "403"}`).toBe(
        !allowed,
      );
      if (allowed) expectAnswered(result);
    }
  });

  if (access.intents)
    it("refuses an intent the table does not list with a 400, whoever asks", async () => {
      const module = await load(file);
      for (const who of everyone) {
        const result = await call(
          module,
          "action",
          who,
          path,
          new URLSearchParams({ intent: "not-an-intent" }),
        );
        const mayPost = Object.values(access.intents!).some((permission) => can(who, permission));
        expect(result.thrown?.status).toBe(mayPost ? 400 : 403);
      }
    });
});

describe("the panel's layout", () => {
  beforeAll(async () => {
    // Something for each badge to count: two new enrolments, one unread message.
    await database.pool.query(
      `insert into enrollments (full_name, phone, email, course, schedule)
       values ('Nguyễn An', '0901234567', 'an@lernhaus.test', 'A1', 'morning'),
              ('Trần Bình', '0901234568', 'binh@lernhaus.test', 'A1', 'evening')`,
    );
    await database.pool.query(
      `insert into contact_messages (name, email, phone, subject, message)
       values ('Lê Chi', 'chi@lernhaus.test', '0901234569', 'Học phí', 'Xin chào')`,
    );
  });

  it.each(everyone)("lets %s in only as staff, with the sidebar of their role", async (who) => {
    const module = await load(layoutFile());
    const result = await call(module, "loader", who, "/admin");
    if (!isStaffRole(who)) return expect(isRefusedPage(result, who)).toBe(true);
    const { sidebar, badges } = result.value as { sidebar: AdminPath[]; badges: Record<string, number> };
    expect(sidebar.length).toBeGreaterThan(0);
    for (const path of sidebar) expect(canView(who, path)).toBe(true);
    expect(sidebar[0]).toBe(staffHome(who));
    // The badges count what the role may open, and nothing else.
    const { rows } = await database.pool.query<{ enrollments: number; messages: number }>(
      `select (select count(*) from enrollments where status = 'new')::int as enrollments,
              (select count(*) from contact_messages where not is_read)::int as messages`,
    );
    const [counted] = rows;
    expect(badges).toEqual({
      newEnrollments: can(who, "students") ? counted!.enrollments : 0,
      unreadMessages: can(who, "messages") ? counted!.messages : 0,
    });
  });
});

describe("an editor and the courses", () => {
  it("changes a course's texts and nothing else, and may not add a course", async () => {
    const module = await load("routes/admin/courses.tsx");
    const [course] = await fixture.context.db.select().from(courses).limit(1);
    const form = (values: Record<string, string>) =>
      new URLSearchParams({
        intent: "save",
        title: "Tiếng Đức cho người mới",
        description: bodyOf("Mô tả mới"),
        duration: "3 tháng",
        lessons: "36 buổi",
        "features[0]": "Giáo trình mới",
        level: "B2",
        price: "1",
        color: "red",
        ...values,
      });
    const saved = await call(module, "action", "editor", "/admin/courses", form({ id: course!.id }));
    expect(saved.thrown?.status).toBe(302);
    const [after] = await fixture.context.db.select().from(courses).where(eq(courses.id, course!.id));
    expect(after).toMatchObject({
      title: "Tiếng Đức cho người mới",
      description: bodyOf("Mô tả mới"),
      features: ["Giáo trình mới"],
      level: course!.level,
      price: course!.price,
      color: course!.color,
      active: course!.active,
    });
    const added = await call(module, "action", "editor", "/admin/courses", form({}));
    expect(added.thrown?.status).toBe(403);
    const page = (await call(module, "loader", "editor", "/admin/courses")).value as { canManage: boolean };
    expect(page.canManage).toBe(false);
  });
});
