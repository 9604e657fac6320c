// The about page in three languages (ADR 032, issue 19): the general info and the list entries
// store an English and a German version beside the Vietnamese original, the public page reads
// the request's language and falls back to the original field by field (naming what fell
// back), saving one language leaves the others as they were, the admin's filter finds what is
// not translated yet, and the /admin/about action saves a translation only for an admin.
import type { AppLoadContext } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authFor } from "~/auth/session.server";
import { parseConfig } from "~/config.server";
import { aboutInfo, coreValues, milestones, teamMembers, testimonials } from "~/db/schema";
import {
  createAboutEntry,
  listAboutEntriesForAdmin,
  updateAboutEntry,
  updateAboutInfo,
} from "~/models/about.server";
import { translateAboutEntry, translateAboutInfo } from "~/models/about-translation.server";
import { setUserRole } from "~/models/user.server";
import { action } from "~/routes/admin/about";
import { loader as aboutLoader } from "~/routes/site/about";
import { loader as homeLoader } from "~/routes/site/home";
import { type AboutEntryTranslationInput, aboutEntryTranslationSchemas } from "~/schemas/about-translation";
import { bodyOf } from "../support/rich-text";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3997";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let context: AppLoadContext;

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
});
beforeEach(async () => {
  for (const table of [aboutInfo, teamMembers, coreValues, milestones, testimonials])
    await database.db.delete(table);
});

/** The public about page as a visitor with the language cookie `language` sees it. */
async function aboutPage(language: "vi" | "en" | "de") {
  const { page } = await aboutLoader({
    request: new Request(`${APP_URL}/about`, { headers: { cookie: `lng=${language}` } }),
    params: {},
    context,
  } as unknown as Parameters<typeof aboutLoader>[0]);
  return page;
}

const info = {
  mission: "Giúp học viên tự tin nói tiếng Đức.",
  vision: "Trung tâm tiếng Đức được tin cậy nhất.",
  method: "Học qua giao tiếp.",
  description: bodyOf("Lernhaus thành lập năm 2022."),
  commitment: "",
};

const member = {
  name: "Lena Hoffmann",
  role: "Giáo viên bản ngữ",
  experience: "8 năm giảng dạy",
  education: "Thạc sĩ Ngôn ngữ học",
  certifications: ["Chứng chỉ DaF", "Goethe C2"],
  specialties: ["Phát âm"],
  achievements: "",
  avatar: undefined,
  color: "teal" as const,
  order: 1,
  active: true,
};

const translate = <K extends keyof typeof aboutEntryTranslationSchemas>(
  kind: K,
  value: Record<string, unknown>,
) => aboutEntryTranslationSchemas[kind].parse(value) as AboutEntryTranslationInput[K];

describe("about texts per language", () => {
  it("store the general info per language and show each page in its own, the rest in Vietnamese", async () => {
    await updateAboutInfo(database.db, info);
    expect(
      await translateAboutInfo(database.db, {
        language: "en",
        mission: "Helping learners speak German with confidence.",
        vision: "",
        method: "Learning by talking.",
        description: "",
        commitment: "",
      }),
    ).toBe(true);

    const english = await aboutPage("en");
    expect(english.info).toMatchObject({
      mission: "Helping learners speak German with confidence.",
      method: "Learning by talking.",
      // Not translated: the original, named as such (an empty commitment has nothing to show).
      vision: info.vision,
      // The story, rendered (ADR 056), in Vietnamese.
      story: [{ kind: "html", html: "<p>Lernhaus thành lập năm 2022.</p>" }],
      fallbackFields: ["vision", "description"],
    });
    // German has no version yet: everything with text falls back.
    expect((await aboutPage("de")).info).toMatchObject({
      mission: info.mission,
      fallbackFields: ["mission", "vision", "method", "description"],
    });
    // The Vietnamese page is the original, with nothing marked.
    const { description: _story, ...texts } = info;
    expect((await aboutPage("vi")).info).toEqual({
      ...texts,
      story: [{ kind: "html", html: "<p>Lernhaus thành lập năm 2022.</p>" }],
      fallbackFields: [],
    });
    // The stored version holds only what was translated, not the blanks.
    const [row] = await database.db.select({ translations: aboutInfo.translations }).from(aboutInfo);
    expect(row?.translations).toEqual({
      en: { mission: "Helping learners speak German with confidence.", method: "Learning by talking." },
    });
  });

  it("store a team member's texts and lists per language, falling back field by field", async () => {
    const id = await createAboutEntry(database.db, "team", member);
    await translateAboutEntry(
      database.db,
      "team",
      id,
      translate("team", {
        language: "en",
        role: "Native-speaker teacher",
        experience: "8 years of teaching",
        certifications: "DaF certificate\nGoethe C2\n",
      }),
    );
    await translateAboutEntry(
      database.db,
      "team",
      id,
      translate("team", { language: "de", role: "Muttersprachliche Lehrerin", specialties: "Aussprache" }),
    );

    const [english] = (await aboutPage("en")).team;
    expect(english).toMatchObject({
      name: "Lena Hoffmann",
      role: "Native-speaker teacher",
      experience: "8 years of teaching",
      certifications: ["DaF certificate", "Goethe C2"],
      education: member.education,
      specialties: member.specialties,
      fallbackFields: ["education", "specialties"],
    });
    expect(english).not.toHaveProperty("translations");
    const [german] = (await aboutPage("de")).team;
    expect(german).toMatchObject({
      role: "Muttersprachliche Lehrerin",
      specialties: ["Aussprache"],
      experience: member.experience,
      fallbackFields: ["experience", "education", "certifications"],
    });
    expect((await aboutPage("vi")).team[0]).toMatchObject({ role: member.role, fallbackFields: [] });
  });

  it("leave German and Vietnamese as they were when English is saved, and English when Vietnamese is", async () => {
    const id = await createAboutEntry(database.db, "team", member);
    await translateAboutEntry(
      database.db,
      "team",
      id,
      translate("team", { language: "de", role: "Lehrerin" }),
    );
    await translateAboutEntry(
      database.db,
      "team",
      id,
      translate("team", { language: "en", role: "Teacher" }),
    );
    // Saving English again, now without the role, removes only the English role.
    await translateAboutEntry(
      database.db,
      "team",
      id,
      translate("team", { language: "en", experience: "8 years" }),
    );
    let [row] = await database.db.select().from(teamMembers);
    expect(row).toMatchObject({
      role: member.role,
      experience: member.experience,
      certifications: member.certifications,
      translations: { en: { experience: "8 years" }, de: { role: "Lehrerin" } },
    });

    // The Vietnamese form saves the original columns and never the translations.
    await updateAboutEntry(database.db, "team", id, { ...member, role: "Giáo viên chính" });
    [row] = await database.db.select().from(teamMembers);
    expect(row).toMatchObject({
      role: "Giáo viên chính",
      translations: { en: { experience: "8 years" }, de: { role: "Lehrerin" } },
    });

    // A version with nothing left in it removes the language.
    await translateAboutEntry(database.db, "team", id, translate("team", { language: "en" }));
    [row] = await database.db.select().from(teamMembers);
    expect(row?.translations).toEqual({ de: { role: "Lehrerin" } });
  });

  it("show testimonials, values and milestones in the page's language on the about and home pages", async () => {
    const testimonialId = await createAboutEntry(database.db, "testimonials", {
      name: "Nam",
      role: "Học viên B1",
      content: "Cô dạy rất dễ hiểu.",
      rating: 5,
      result: "Đỗ B1",
      avatar: undefined,
      featured: true,
      order: 1,
    });
    const valueId = await createAboutEntry(database.db, "values", {
      title: "Tận tâm",
      description: "Luôn bên học viên.",
      icon: "heart",
      color: "blue",
      order: 1,
    });
    await createAboutEntry(database.db, "milestones", {
      year: "2022",
      title: "Thành lập",
      description: "Lớp đầu tiên.",
      order: 1,
    });
    await translateAboutEntry(
      database.db,
      "testimonials",
      testimonialId,
      translate("testimonials", {
        language: "en",
        content: "She explains everything clearly.",
        result: "Passed B1",
      }),
    );
    await translateAboutEntry(
      database.db,
      "values",
      valueId,
      translate("values", { language: "en", title: "Dedication", description: "Always there for learners." }),
    );

    const page = await aboutPage("en");
    expect(page.testimonials[0]).toMatchObject({
      content: "She explains everything clearly.",
      result: "Passed B1",
      role: "Học viên B1",
      fallbackFields: ["role"],
    });
    expect(page.values[0]).toMatchObject({ title: "Dedication", fallbackFields: [] });
    expect(page.milestones[0]).toMatchObject({
      title: "Thành lập",
      fallbackFields: ["title", "description"],
    });

    const home = (await homeLoader({
      request: new Request(`${APP_URL}/`, { headers: { cookie: "lng=en" } }),
      params: {},
      context,
    } as unknown as Parameters<typeof homeLoader>[0])) as unknown as {
      data: { testimonials: { content: string; fallbackFields: string[] }[] };
    };
    expect(home.data.testimonials[0]).toMatchObject({
      content: "She explains everything clearly.",
      fallbackFields: ["role"],
    });
    expect(home.data.testimonials[0]).not.toHaveProperty("translations");
  });

  it("filter an admin list to the entries not yet written in a language", async () => {
    const done = await createAboutEntry(database.db, "values", {
      title: "Tận tâm",
      description: "Luôn bên học viên.",
      icon: "heart",
      color: "blue",
      order: 1,
    });
    const half = await createAboutEntry(database.db, "values", {
      title: "Sáng tạo",
      description: "Mỗi buổi học một khác.",
      icon: "star",
      color: "red",
      order: 2,
    });
    await createAboutEntry(database.db, "values", {
      title: "Chính xác",
      description: "Ngữ pháp vững.",
      icon: "check",
      color: "green",
      order: 3,
    });
    await translateAboutEntry(
      database.db,
      "values",
      done,
      translate("values", { language: "en", title: "Dedication", description: "Always there." }),
    );
    // A title alone is not enough: the description is required too.
    await translateAboutEntry(
      database.db,
      "values",
      half,
      translate("values", { language: "en", title: "Creativity" }),
    );

    const untranslatedEn = await listAboutEntriesForAdmin(database.db, { kind: "values", language: "en" });
    expect(untranslatedEn.values.map((value) => value.title)).toEqual(["Sáng tạo", "Chính xác"]);
    const untranslatedDe = await listAboutEntriesForAdmin(database.db, { kind: "values", language: "de" });
    expect(untranslatedDe.values).toHaveLength(3);
    // The filter narrows only the list it names.
    expect(
      (await listAboutEntriesForAdmin(database.db, { kind: "team", language: "en" })).values,
    ).toHaveLength(3);
  });
});

describe("the /admin/about translation action", () => {
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
    adminCookie = await signUp("co.hanh.translate@lernhaus.test", "admin");
    userCookie = await signUp("hoc.vien.translate@lernhaus.test", "user");
  });

  function post(cookie: string, form: Record<string, string>) {
    const body = new FormData();
    for (const [key, value] of Object.entries(form)) body.set(key, value);
    const request = new Request(
      `${APP_URL}/admin/about?tab=testimonials&dialog=edit&kind=testimonials&lang=en`,
      {
        method: "POST",
        headers: { cookie, origin: APP_URL },
        body,
      },
    );
    return action({ request, context, params: {} } as Parameters<typeof action>[0]).catch(
      (thrown: unknown) => thrown,
    );
  }

  async function testimonial() {
    return createAboutEntry(database.db, "testimonials", {
      name: "Nam",
      role: "Học viên B1",
      content: "Cô dạy rất dễ hiểu.",
      rating: 5,
      result: undefined,
      avatar: undefined,
      featured: true,
      order: 1,
    });
  }

  const statusOf = (result: unknown) =>
    result instanceof Response ? result.status : (result as { init?: { status?: number } }).init?.status;

  it("saves an admin's translation and goes back to the list in the same language", async () => {
    const id = await testimonial();
    const result = await post(adminCookie, {
      intent: "translate",
      kind: "testimonials",
      id,
      language: "en",
      role: "B1 learner",
      content: "She explains everything clearly.",
    });
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("location")).toBe(
      "/admin/about?tab=testimonials&lang=en&done=saved",
    );
    const [row] = await database.db.select().from(testimonials);
    expect(row).toMatchObject({
      role: "Học viên B1",
      content: "Cô dạy rất dễ hiểu.",
      translations: { en: { role: "B1 learner", content: "She explains everything clearly." } },
    });
  });

  it("refuses a plain user with 403, an unknown language and an overlong text with 400", async () => {
    const id = await testimonial();
    const form = { intent: "translate", kind: "testimonials", id, content: "Clear." };
    expect(statusOf(await post(userCookie, { ...form, language: "en" }))).toBe(403);
    expect(statusOf(await post(adminCookie, { ...form, language: "vi" }))).toBe(400);
    expect(statusOf(await post(adminCookie, { ...form, language: "en", content: "x".repeat(3001) }))).toBe(
      400,
    );
    const [row] = await database.db.select({ translations: testimonials.translations }).from(testimonials);
    expect(row?.translations).toEqual({});
  });

  it("translates the general info and answers 409 for an entry that is gone", async () => {
    await updateAboutInfo(database.db, info);
    const saved = await post(adminCookie, {
      intent: "translate-info",
      language: "de",
      mission: "Deutsch sprechen.",
    });
    expect(statusOf(saved)).toBe(302);
    const [row] = await database.db.select({ translations: aboutInfo.translations }).from(aboutInfo);
    expect(row?.translations).toEqual({ de: { mission: "Deutsch sprechen." } });

    const gone = await post(adminCookie, {
      intent: "translate",
      kind: "testimonials",
      id: "00000000-0000-4000-8000-000000000000",
      language: "en",
      content: "Clear.",
    });
    expect(statusOf(gone)).toBe(409);
  });
});
