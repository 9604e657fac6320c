import { and, asc, count, desc, eq, or, type SQL, sql } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { courseClasses, courseSlugHistory, courses } from "~/db/schema";
import { defaultLanguage, type Language } from "~/i18n/language";
import {
  contentLanguages,
  localizeContent,
  type TranslationLanguage,
  translationLanguages,
  translationProgress,
} from "~/lib/content-language";
import { type CourseSlugs, courseSlugIn } from "~/lib/course-address";
import { storedBodyText } from "~/lib/rich-text/document";
import { renderStoredBody } from "~/lib/rich-text/render.server";
import { textSummary } from "~/lib/text-summary";
import {
  type CourseInput,
  type CourseTranslationInput,
  courseRequiredTranslation,
  courseTranslatableFields,
  isUuid,
  sortCoursesByLevel,
} from "~/schemas/course";
import { untranslatedInto, withTranslation } from "./content-translation.server";
import { isCourseOpen, isCourseScheduled } from "./course-query.server";
import { getCourseRevision } from "./course-revision.server";
import { type RevisionAuthor, recordRevision } from "./revision-history.server";

// What the public pages show of a course: no timestamps, no `active` flag.
const publicColumns = {
  id: courses.id,
  level: courses.level,
  slug: courses.slug,
  title: courses.title,
  description: courses.description,
  duration: courses.duration,
  lessons: courses.lessons,
  price: courses.price,
  features: courses.features,
  color: courses.color,
  translations: courses.translations,
};

type CourseRow = { [Key in keyof typeof publicColumns]: (typeof publicColumns)[Key]["_"]["data"] };

/** A course as a page in `language` shows it (ADR 032): each text translated when it is, else
 * the Vietnamese original, named in `fallbackFields` so the page can mark it `lang="vi"`; `slug`
 * is its address there (ADR 052); `description` is its summary (courseSummary). */
function localizeCourse(row: CourseRow, language: Language) {
  const course = localizeContent(row, language, courseTranslatableFields);
  return { ...course, description: courseSummary(course.description), slug: courseSlugIn(row, language) };
}

/** The most of a description a card shows: the demo's fit whole; a long text written in the
 * editor is cut at a word. Its page shows it all. */
const COURSE_SUMMARY_LENGTH = 300;

/** A course's stored description (a document, ADR 056) as the cards, the meta description and
 * the structured data show it: its words on one line, at most COURSE_SUMMARY_LENGTH. */
export function courseSummary(stored: string) {
  return textSummary(storedBodyText(stored), COURSE_SUMMARY_LENGTH);
}

/** Open courses as the public pages show them (spec §4: active true, "Đang mở") in `language`,
 * sorted by level A1 < A2 < B1 < B2 < C1 < C2 (spec §9), the oldest first within a level and
 * price. */
export async function listActiveCourses(db: Db, language: Language = defaultLanguage) {
  const rows = await db
    .select(publicColumns)
    .from(courses)
    .where(isCourseOpen)
    .orderBy(asc(courses.createdAt), asc(courses.id));
  return sortCoursesByLevel(rows).map((row) => localizeCourse(row, language));
}

export type PublicCourse = Awaited<ReturnType<typeof listActiveCourses>>[number];

/** One open course in `language`, or undefined when it is closed, unknown or `id` is not a uuid
 * at all (a hand-typed URL must give 404, not a database error). */
export async function getActiveCourse(db: Db, id: string, language: Language = defaultLanguage) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select(publicColumns)
    .from(courses)
    .where(and(eq(courses.id, id), isCourseOpen))
    .limit(1);
  if (!row) return undefined;
  // The course's page shows the description as written (ADR 056): its document rendered.
  const { description } = localizeContent(row, language, ["description"]);
  return { ...localizeCourse(row, language), body: renderStoredBody(description, "plain") };
}

export type CourseWithBody = NonNullable<Awaited<ReturnType<typeof getActiveCourse>>>;

/** A course's address (ADR 052): which course /courses/<slug> names, and its slugs now. */
export interface CourseAddress {
  id: string;
  active: boolean;
  slugs: CourseSlugs;
}

const notScheduled = sql`not ${isCourseScheduled}`;

const addressColumns = {
  id: courses.id,
  active: courses.active,
  slug: courses.slug,
  en: sql<string | null>`${courses.translations} -> 'en' ->> 'slug'`,
  de: sql<string | null>`${courses.translations} -> 'de' ->> 'slug'`,
};

/** A language without a slug of its own (its title is not translated) has the Vietnamese one. */
function toAddress(row: { id: string; active: boolean; slug: string; en: string | null; de: string | null }) {
  return {
    id: row.id,
    active: row.active,
    slugs: { vi: row.slug, en: row.en || row.slug, de: row.de || row.slug },
  };
}

/** The course, open or closed, that `requested` names: one of its slugs now, in any language;
 * else a slug it had (course_slug_history), the latest to have it; else its id (the addresses
 * before ADR 052). Undefined when none does, or when it names a course waiting for its opening
 * time (ADR 057): a 404 until then, as a scheduled post's address is. */
export async function findCourseAddress(db: Db, requested: string): Promise<CourseAddress | undefined> {
  const current = or(
    eq(courses.slug, requested),
    ...translationLanguages.map(
      (language): SQL => sql`${courses.translations} -> ${language}::text ->> 'slug' = ${requested}`,
    ),
  );
  // A slug is one course's in every language (course_slug_taken); should two ever share one
  // (written by hand), the Vietnamese address wins.
  const [now] = await db
    .select(addressColumns)
    .from(courses)
    .where(and(current, notScheduled))
    .orderBy(sql`${courses.slug} = ${requested} desc`)
    .limit(1);
  if (now) return toAddress(now);
  const [former] = await db
    .select(addressColumns)
    .from(courseSlugHistory)
    .innerJoin(courses, eq(courses.id, courseSlugHistory.courseId))
    .where(and(eq(courseSlugHistory.slug, requested), notScheduled))
    .orderBy(desc(courseSlugHistory.createdAt))
    .limit(1);
  if (former) return toAddress(former);
  if (!isUuid(requested)) return undefined;
  const [byId] = await db
    .select(addressColumns)
    .from(courses)
    .where(and(eq(courses.id, requested), notScheduled))
    .limit(1);
  return byId && toAddress(byId);
}

/** The title of a course the admin closed (in `language` when translated), or undefined when it
 * is open or unknown: its link keeps answering with a "closed" page (shared links do not
 * break), nothing more is public. */
export async function getClosedCourseTitle(
  db: Db,
  id: string,
  language: Language = defaultLanguage,
): Promise<{ title: string; fallbackFields: "title"[] } | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ title: courses.title, translations: courses.translations })
    .from(courses)
    .where(and(eq(courses.id, id), eq(courses.active, false)))
    .limit(1);
  return row && localizeContent(row, language, ["title"]);
}

/* ---------------------------------------------------------------- admin (topic "courses") */

/** Every course, open or closed, as the admin list shows it (same order as the public page),
 * with the languages each is written in and how far each translation is (the dialog's switch);
 * `untranslated` keeps only the courses whose title is not yet translated into that language. */
export async function listCoursesForAdmin(db: Db, options: { untranslated?: TranslationLanguage } = {}) {
  const rows = await db
    .select({
      ...publicColumns,
      active: courses.active,
      publishAt: courses.publishAt,
      updatedAt: courses.updatedAt,
    })
    .from(courses)
    .where(options.untranslated && untranslatedInto(courses.translations, options.untranslated, "title"))
    .orderBy(asc(courses.createdAt), asc(courses.id));
  return sortCoursesByLevel(rows).map((row) => ({
    ...row,
    languages: contentLanguages(row.translations, courseRequiredTranslation),
    progress: {
      en: translationProgress(row.translations, "en", courseTranslatableFields),
      de: translationProgress(row.translations, "de", courseTranslatableFields),
    },
  }));
}

export type AdminCourse = Awaited<ReturnType<typeof listCoursesForAdmin>>[number];

/** Every course, open or closed, as the students list's "Khóa học" filter offers them: by level,
 * then title, so two courses of one level stand apart by their titles. */
export async function listCourseFilterChoices(db: Db) {
  return db
    .select({ id: courses.id, level: courses.level, title: courses.title })
    .from(courses)
    .orderBy(asc(courses.level), asc(courses.title), asc(courses.id));
}

export type CourseFilterChoice = Awaited<ReturnType<typeof listCourseFilterChoices>>[number];

export async function countActiveCourses(db: Db) {
  const [row] = await db.select({ total: count() }).from(courses).where(isCourseOpen);
  return row?.total ?? 0;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The form's answer to a slug another course has, now or formerly (ADR 052). */
const slugTaken = { fieldErrors: { slug: ["admin:courses.validation.slugTaken"] } };

/** Whether the admin may give `slug` to the course `id` (undefined: a new course): no other
 * course has it, in any language, now or formerly (the database's course_slug_taken, which also
 * chooses the slugs made from titles). Holds the slugs' lock to the end of the transaction, so no
 * other save takes it between this check and the write. */
async function slugIsFree(tx: Tx, slug: string, id: string | undefined) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lernhaus:course-slugs'))`);
  const { rows } = await tx.execute<{ taken: boolean }>(
    sql`select course_slug_taken(${slug}, ${id ?? null}::uuid) as taken`,
  );
  return rows[0]?.taken === false;
}

/** A course's row from the admin's form: a time to open at (ADR 057) makes it an open course that
 * waits for that time; none clears a schedule. An editor's form has neither (ADR 047). */
function courseValues(input: Partial<CourseInput>) {
  if (!("publishAt" in input) && !("active" in input)) return input;
  const { publishAt, ...rest } = input;
  return publishAt ? { ...rest, active: true, publishAt } : { ...rest, publishAt: null };
}

/** A new course; its slug is the one the admin typed, or else made from the title by the
 * database (ADR 052). Its id, or the form's error when the typed slug is taken. */
export async function createCourse(db: Db, input: CourseInput, by: RevisionAuthor) {
  return db.transaction(async (tx) => {
    if (input.slug !== undefined && !(await slugIsFree(tx, input.slug, undefined))) return slugTaken;
    const [row] = await tx
      .insert(courses)
      .values(courseValues(input) as CourseInput)
      .returning({ id: courses.id });
    await recordRevision(tx, "course", row!.id, by);
    await notifyChange(tx, "courses");
    return row!.id;
  });
}

/** false when the course no longer exists (deleted in another tab). A slug left out keeps the
 * course's address, which a new title moves when it was made from the old one; the old address
 * keeps leading to the course (ADR 052). */
export async function updateCourse(db: Db, id: string, input: Partial<CourseInput>, by: RevisionAuthor) {
  return db.transaction(async (tx) => {
    if (input.slug !== undefined && !(await slugIsFree(tx, input.slug, id))) return slugTaken;
    const updated = await tx
      .update(courses)
      .set(courseValues(input))
      .where(eq(courses.id, id))
      .returning({ id: courses.id });
    if (updated.length > 0) await recordRevision(tx, "course", id, by);
    await notifyChange(tx, "courses");
    return updated.length > 0;
  });
}

/** Saves the English or German version of a course's texts: only that language's part of
 * `translations` is written (in SQL, so a concurrent save of the other language is kept), never
 * the Vietnamese columns. Its slug, left out, is kept or made from the translated title by the
 * database as the Vietnamese one is (ADR 052). false when the course no longer exists. */
export async function saveCourseTranslation(
  db: Db,
  id: string,
  language: TranslationLanguage,
  version: Partial<Omit<CourseTranslationInput, "language">>,
  by: RevisionAuthor,
) {
  return db.transaction(async (tx) => {
    if (version.slug !== undefined && !(await slugIsFree(tx, version.slug, id))) return slugTaken;
    const updated = await tx
      .update(courses)
      .set({ translations: withTranslation(courses.translations, language, version) })
      .where(eq(courses.id, id))
      .returning({ id: courses.id });
    if (updated.length > 0) await recordRevision(tx, "course", id, by);
    await notifyChange(tx, "courses");
    return updated.length > 0;
  });
}

/** Why a restore was refused: the course is gone, the revision is not its, or one of the
 * revision's addresses now belongs to another course. */
export type CourseRestoreRefusal = "not-found" | "revision-not-found" | "slug-taken";

/** "Khôi phục phiên bản này" (ADR 057): the revision's texts in every language saved as a new
 * save by `by` — itself a revision, so a restore can be undone. The course's level, price, colour,
 * opening and schedule are not texts and stay. The address it had meanwhile keeps leading to it
 * (course_slug_history, ADR 052). */
export async function restoreCourseRevision(
  db: Db,
  id: string,
  revisionId: string,
  by: RevisionAuthor,
): Promise<{ ok: true } | { ok: false; reason: CourseRestoreRefusal }> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const revision = await getCourseRevision(tx, id, revisionId);
    if (!revision) return { ok: false, reason: "revision-not-found" };
    const addresses = [
      revision.slug,
      ...translationLanguages.map((language) => revision.translations[language]?.slug),
    ].filter((slug): slug is string => typeof slug === "string" && slug !== "");
    for (const slug of addresses) {
      if (!(await slugIsFree(tx, slug, id))) return { ok: false, reason: "slug-taken" };
    }
    const { title, slug, description, duration, lessons, features, translations } = revision;
    const updated = await tx
      .update(courses)
      .set({ title, slug, description, duration, lessons, features, translations })
      .where(eq(courses.id, id))
      .returning({ id: courses.id });
    if (updated.length === 0) return { ok: false, reason: "not-found" };
    await recordRevision(tx, "course", id, by);
    await notifyChange(tx, "courses");
    return { ok: true };
  });
}

/** spec §4: open ("Đang mở") or closed ("Đã đóng"), switched from the list. The switch on a
 * course waiting for its opening time (ADR 057) closes it and forgets the time. */
export async function setCourseActive(db: Db, id: string, active: boolean) {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(courses)
      .set({ active, publishAt: null })
      .where(eq(courses.id, id))
      .returning({ id: courses.id });
    await notifyChange(tx, "courses");
    return updated.length > 0;
  });
}

/** ADR 026: a course with classes is not deleted (the database restricts it too): its classes
 * are promises to people. The row lock keeps a class from being added between the count and the
 * delete. */
export async function deleteCourse(db: Db, id: string): Promise<"deleted" | "not-found" | "has-classes"> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, id)).for("update");
    if (!row) return "not-found";
    const [classes] = await tx
      .select({ total: count() })
      .from(courseClasses)
      .where(eq(courseClasses.courseId, id));
    if ((classes?.total ?? 0) > 0) return "has-classes";
    await tx.delete(courses).where(eq(courses.id, id));
    await notifyChange(tx, "courses");
    return "deleted";
  });
}
