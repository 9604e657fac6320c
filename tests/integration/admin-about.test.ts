// The admin about page through the model and the real /admin/about route module: the singleton documents
// are upserted, the four lists are written and announced on their change topic, the public page
// reads what the admin saved, a refused write changes nothing, and a save the database refuses
// is reported with the spec §8 alert and the typed values kept.
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authFor } from "~/auth/session.server";
import { parseConfig } from "~/config.server";
import { type ChangeBus, startChangeBus } from "~/db/change-bus.server";
import { aboutInfo, coreValues, milestones, stats, teamMembers, testimonials } from "~/db/schema";
import type { ChangeTopic } from "~/lib/change-topics";
import {
  createAboutEntry,
  deleteAboutEntry,
  listAboutEntriesForAdmin,
  setTeamMemberActive,
  setTestimonialFeatured,
  updateAboutEntry,
  updateAboutInfo,
  updateStats,
} from "~/models/about.server";
import { setUserRole } from "~/models/user.server";
import { action } from "~/routes/admin/about";
import { loader as aboutLoader } from "~/routes/site/about";
import { bodyOf } from "../support/rich-text";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3996";
const missing = "00000000-0000-4000-8000-000000000000";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let context: AppLoadContext;
let bus: ChangeBus;
const topics: ChangeTopic[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  context = {
    db: database.db,
    config: { ...parseConfig({ APP_URL }), authSecret: "integration-test-secret-0123456789abcdef" },
    clientIp: "127.0.0.1",
    cspNonce: "",
    requestId: "test",
    changeBus: { subscribe: () => () => {}, close: async () => {} },
    shutdownSignal: new AbortController().signal,
  };
  bus = await startChangeBus(database.url);
  bus.subscribe((topic) => topics.push(topic));
});
afterAll(async () => {
  await bus.close();
});
beforeEach(async () => {
  for (const table of [aboutInfo, stats, teamMembers, coreValues, milestones, testimonials])
    await database.db.delete(table);
  topics.length = 0;
});

/** Waits for the NOTIFY to come back through LISTEN. */
async function announced(topic: ChangeTopic) {
  await expect.poll(() => topics.includes(topic), { timeout: 5_000 }).toBe(true);
  topics.length = 0;
}

async function publicPage() {
  const { page } = await aboutLoader({
    request: new Request(`${APP_URL}/about`),
    params: {},
    context,
  } as unknown as Parameters<typeof aboutLoader>[0]);
  return page;
}

describe("about model writes", () => {
  it("create the general info on the first save and change it on the next", async () => {
    const info = { mission: "Sứ mệnh", vision: "Tầm nhìn", method: "", commitment: "" };
    const story = bodyOf("Mô tả");
    await updateAboutInfo(database.db, { ...info, description: story });
    await announced("about");
    await updateAboutInfo(database.db, { ...info, description: story, method: "Giao tiếp" });
    await announced("about");
    const rows = await database.db.select().from(aboutInfo);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 1, method: "Giao tiếp", mission: "Sứ mệnh" });
    // The story, written in the visual editor (ADR 056), is shown rendered.
    expect((await publicPage()).info).toEqual({
      ...info,
      method: "Giao tiếp",
      story: [{ kind: "html", html: "<p>Mô tả</p>" }],
      fallbackFields: [],
    });
  });

  it("store stats left empty as missing, so the page shows the spec's defaults", async () => {
    const blank = {
      yearsActive: undefined,
      totalStudents: undefined,
      successRate: undefined,
      averageRating: undefined,
    };
    await updateStats(database.db, { ...blank, yearsActive: "10+", totalStudents: "1.200+" });
    await announced("stats");
    await updateStats(database.db, { ...blank, yearsActive: "10+", successRate: "97%" });
    await announced("stats");
    const [row] = await database.db.select().from(stats);
    expect(row).toMatchObject({
      yearsActive: "10+",
      totalStudents: null,
      successRate: "97%",
      averageRating: null,
    });
    expect((await publicPage()).stats).toEqual({
      yearsActive: "10+",
      totalStudents: "800+",
      successRate: "97%",
      averageRating: "4.9/5",
    });
  });

  it("add, change and remove entries of each list, announcing each list's own topic", async () => {
    const teamId = await createAboutEntry(database.db, "team", {
      name: "Lena Hoffmann",
      role: "Giáo viên bản ngữ",
      experience: "8 năm",
      education: "",
      certifications: ["DaF"],
      specialties: [],
      achievements: "",
      avatar: "/uploads/0123456789abcdef0123456789abcdef-1200.webp",
      color: "teal",
      order: 2,
      active: true,
    });
    await announced("team");
    const valueId = await createAboutEntry(database.db, "values", {
      title: "Tận tâm",
      description: "Luôn bên học viên.",
      icon: "award",
      color: "red",
      order: 1,
    });
    await announced("values");
    const milestoneId = await createAboutEntry(database.db, "milestones", {
      year: "2022",
      title: "Thành lập",
      description: "Lớp đầu tiên.",
      order: 1,
    });
    await announced("milestones");
    const testimonialId = await createAboutEntry(database.db, "testimonials", {
      name: "Nam",
      role: "Học viên B1",
      content: "Rất tốt.",
      rating: 4,
      result: "Đỗ B1",
      avatar: undefined,
      featured: true,
      order: 1,
    });
    await announced("testimonials");

    // Clearing an optional field stores null (not "keep the old value").
    expect(
      await updateAboutEntry(database.db, "team", teamId, {
        name: "Lena Hoffmann",
        role: "Giáo viên bản ngữ",
        experience: "9 năm",
        education: "",
        certifications: [],
        specialties: ["Phát âm"],
        achievements: "",
        avatar: undefined,
        color: "teal",
        order: 2,
        active: true,
      }),
    ).toBe(true);
    await announced("team");
    expect(await setTeamMemberActive(database.db, teamId, false)).toBe(true);
    await announced("team");
    expect(await setTestimonialFeatured(database.db, testimonialId, false)).toBe(true);
    await announced("testimonials");

    const lists = await listAboutEntriesForAdmin(database.db);
    expect(lists.team).toEqual([
      expect.objectContaining({
        experience: "9 năm",
        certifications: [],
        specialties: ["Phát âm"],
        avatar: null,
        active: false,
      }),
    ]);
    expect(lists.testimonials).toEqual([expect.objectContaining({ featured: false, rating: 4 })]);
    // The admin sees hidden members and normal testimonials; the public page does not.
    const page = await publicPage();
    expect(page.team).toEqual([]);
    expect(page.testimonials).toEqual([]);
    expect(page.values.map((value) => value.icon)).toEqual(["award"]);

    expect(await updateAboutEntry(database.db, "milestones", missing, lists.milestones[0]!)).toBe(false);
    expect(await deleteAboutEntry(database.db, "values", valueId)).toBe(true);
    await announced("values");
    expect(await deleteAboutEntry(database.db, "milestones", milestoneId)).toBe(true);
    expect(await deleteAboutEntry(database.db, "milestones", milestoneId)).toBe(false);
    const after = await listAboutEntriesForAdmin(database.db);
    expect(after.values).toEqual([]);
    expect(after.milestones).toEqual([]);
  });

  it("list entries by order for the admin", async () => {
    for (const [year, order] of [
      ["2024", 3],
      ["2020", 1],
      ["2022", 2],
    ] as const)
      await createAboutEntry(database.db, "milestones", { year, title: year, description: "x", order });
    const { milestones: rows } = await listAboutEntriesForAdmin(database.db);
    expect(rows.map((row) => row.year)).toEqual(["2020", "2022", "2024"]);
  });
});

describe("the /admin/about action", () => {
  let adminCookie: string;
  let userCookie: string;

  async function signUp(email: string, role: "admin" | "user") {
    const auth = authFor(context);
    const headers = new Headers({ origin: APP_URL });
    const { user } = await auth.api.signUpEmail({
      body: { email, password: "Lernen-2025!", name: "Cô Hạnh" },
      headers,
    });
    if (role === "admin") await setUserRole(database.db, user.id, "admin");
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

  beforeAll(async () => {
    adminCookie = await signUp("co.hanh@lernhaus.test", "admin");
    userCookie = await signUp("hoc.vien.about@lernhaus.test", "user");
  });

  function post(cookie: string, form: Record<string, string>) {
    const body = new FormData();
    for (const [key, value] of Object.entries(form)) body.set(key, value);
    const request = new Request(`${APP_URL}/admin/about?tab=milestones&dialog=new&kind=milestones`, {
      method: "POST",
      headers: { cookie, origin: APP_URL },
      body,
    });
    return action({ request, context, params: {} } as Parameters<typeof action>[0]).catch(
      (thrown: unknown) => thrown,
    );
  }

  const statusOf = (result: unknown) =>
    result instanceof Response ? result.status : (result as { init?: { status?: number } }).init?.status;

  const milestone = { intent: "save", kind: "milestones", year: "2025", title: "Mốc mới", description: "x" };

  it("saves a valid entry and goes back to the list with the dialog closed", async () => {
    const result = await post(adminCookie, { ...milestone, order: "1" });
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("location")).toBe("/admin/about?tab=milestones&done=saved");
    expect(await database.db.select({ year: milestones.year }).from(milestones)).toEqual([{ year: "2025" }]);
  });

  it("answers order 0 with 400 and the field error, saving nothing", async () => {
    const result = (await post(adminCookie, { ...milestone, order: "0" })) as {
      data: { error: Record<string, string[]> };
      init: { status: number };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.error.order).toEqual(["validation.orderMin"]);
    expect(await database.db.select().from(milestones)).toEqual([]);
  });

  it("refuses a plain user with 403", async () => {
    expect(statusOf(await post(userCookie, { ...milestone, order: "1" }))).toBe(403);
    expect(await database.db.select().from(milestones)).toEqual([]);
  });

  it("reports a save the database refuses with the spec's alert and keeps the typed values", async () => {
    // A real refusal by PostgreSQL (as a full disk or a lost connection would be).
    await database.db.execute(
      sql`alter table milestones add constraint admin_about_test_refuse check (year <> '1999')`,
    );
    try {
      const result = (await post(adminCookie, { ...milestone, year: "1999", order: "1" })) as {
        data: { error: Record<string, string[]>; initialValue: Record<string, string> };
        init: { status: number };
      };
      expect(result.init.status).toBe(500);
      expect(result.data.error[""]).toEqual(["admin:errors.save"]);
      expect(result.data.initialValue).toMatchObject({ year: "1999", title: "Mốc mới" });
    } finally {
      await database.db.execute(sql`alter table milestones drop constraint admin_about_test_refuse`);
    }
  });
});
