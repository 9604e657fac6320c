// The about page: the public reads (spec §2 About, §3), then the admin's writes; each write
// ends with notifyChange(tx, <the topic of what it changed>).
import { asc, eq, or } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { aboutInfo, coreValues, milestones, stats, teamMembers, testimonials } from "~/db/schema";
import type { Language } from "~/i18n/language";
import { localizeContent, type TranslationLanguage } from "~/lib/content-language";
import { renderStoredBody } from "~/lib/rich-text/render.server";
import type { AboutEntryInput, AboutInfoInput, AboutListKind, StatsInput } from "~/schemas/about";
import { aboutEntryRequiredFields, aboutInfoTranslatableFields } from "~/schemas/about-translation";
import { untranslatedInto } from "./content-translation.server";

/** A list's order (spec §9 `order`); entries of equal order stay in the order they were added. */
function byListOrder(table: { order: PgColumn; createdAt: PgColumn; id: PgColumn }) {
  return [asc(table.order), asc(table.createdAt), asc(table.id)] as const;
}

/** What the pages show of each list entry; the admin's lists add the order (and flags). */
const teamColumns = {
  id: teamMembers.id,
  name: teamMembers.name,
  role: teamMembers.role,
  experience: teamMembers.experience,
  education: teamMembers.education,
  certifications: teamMembers.certifications,
  specialties: teamMembers.specialties,
  achievements: teamMembers.achievements,
  avatar: teamMembers.avatar,
  color: teamMembers.color,
  translations: teamMembers.translations,
};
const valueColumns = {
  id: coreValues.id,
  title: coreValues.title,
  description: coreValues.description,
  icon: coreValues.icon,
  color: coreValues.color,
  translations: coreValues.translations,
};
const milestoneColumns = {
  id: milestones.id,
  year: milestones.year,
  title: milestones.title,
  description: milestones.description,
  translations: milestones.translations,
};
const testimonialColumns = {
  id: testimonials.id,
  name: testimonials.name,
  role: testimonials.role,
  content: testimonials.content,
  rating: testimonials.rating,
  result: testimonials.result,
  avatar: testimonials.avatar,
  translations: testimonials.translations,
};

/** Document about/info (topic "about"), or undefined when none is stored. */
export async function getAboutInfo(db: Db) {
  const [row] = await db
    .select({
      mission: aboutInfo.mission,
      vision: aboutInfo.vision,
      method: aboutInfo.method,
      description: aboutInfo.description,
      commitment: aboutInfo.commitment,
      translations: aboutInfo.translations,
    })
    .from(aboutInfo)
    .limit(1);
  return row;
}

/** The general info as the about page in `language` shows it (ADR 032): each text translated
 * when it is, else the Vietnamese original (named in `fallbackFields`); the school's story
 * (`description`, written in the visual editor, ADR 056) rendered — none when it is empty. */
export function localizeAboutInfo(
  info: NonNullable<Awaited<ReturnType<typeof getAboutInfo>>>,
  language: Language,
) {
  const { description, ...texts } = localizeContent(info, language, aboutInfoTranslatableFields);
  return { ...texts, story: description ? renderStoredBody(description, "plain") : [] };
}

/** Document stats/general as stored (topic "stats"); fields may be null. The page fills the
 * gaps with statsWithDefaults (app/lib/about-page.ts). */
export async function getStats(db: Db) {
  const [row] = await db
    .select({
      yearsActive: stats.yearsActive,
      totalStudents: stats.totalStudents,
      successRate: stats.successRate,
      averageRating: stats.averageRating,
    })
    .from(stats)
    .limit(1);
  return row;
}

/** Active team members by `order` (spec §3: active false hides the member; §9). Topic "team". */
export async function listActiveTeamMembers(db: Db) {
  return db
    .select(teamColumns)
    .from(teamMembers)
    .where(eq(teamMembers.active, true))
    .orderBy(...byListOrder(teamMembers));
}

/** Core values by `order` (spec §9). Topic "values". */
export async function listValues(db: Db) {
  return db
    .select(valueColumns)
    .from(coreValues)
    .orderBy(...byListOrder(coreValues));
}

/** Milestones by `order` (spec §9). Topic "milestones". */
export async function listMilestones(db: Db) {
  return db
    .select(milestoneColumns)
    .from(milestones)
    .orderBy(...byListOrder(milestones));
}

/** Testimonials flagged featured, by `order` (spec §2 About, §9), all or the first `limit`.
 * Topic "testimonials". */
export async function listFeaturedTestimonials(db: Db, limit?: number) {
  const query = db
    .select(testimonialColumns)
    .from(testimonials)
    .where(eq(testimonials.featured, true))
    .orderBy(...byListOrder(testimonials));
  return limit === undefined ? query : query.limit(limit);
}

/* ---------------------------------------------------------------- admin */

/** The admin's "general info" tab saves document about/info (topic "about"). */
export async function updateAboutInfo(db: Db, input: AboutInfoInput) {
  await db.transaction(async (tx) => {
    await tx
      .insert(aboutInfo)
      .values({ id: 1, ...input })
      .onConflictDoUpdate({ target: aboutInfo.id, set: { ...input, updatedAt: new Date() } });
    await notifyChange(tx, "about");
  });
}

/** The admin's "stats" tab saves document stats/general (topic "stats"); a field left empty is
 * stored as null, so the page shows its default (spec §9). */
export async function updateStats(db: Db, input: StatsInput) {
  const values = {
    yearsActive: input.yearsActive ?? null,
    totalStudents: input.totalStudents ?? null,
    successRate: input.successRate ?? null,
    averageRating: input.averageRating ?? null,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(stats)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: stats.id, set: { ...values, updatedAt: new Date() } });
    await notifyChange(tx, "stats");
  });
}

/** The admin's lists show every entry, hidden members and normal testimonials too, by order.
 * `untranslated` narrows one list to the entries not yet written in a language (the filter
 * "Chưa dịch sang EN/DE"): those missing any field their Vietnamese form requires. */
export async function listAboutEntriesForAdmin(
  db: Db,
  untranslated?: { kind: AboutListKind; language: TranslationLanguage },
) {
  const only = (kind: AboutListKind, column: PgColumn) =>
    untranslated?.kind === kind
      ? or(
          ...aboutEntryRequiredFields[kind].map((field) =>
            untranslatedInto(column, untranslated.language, field),
          ),
        )
      : undefined;
  const [team, values, milestoneRows, testimonialRows] = await Promise.all([
    db
      .select({
        ...teamColumns,
        order: teamMembers.order,
        active: teamMembers.active,
      })
      .from(teamMembers)
      .where(only("team", teamMembers.translations))
      .orderBy(...byListOrder(teamMembers)),
    db
      .select({
        ...valueColumns,
        order: coreValues.order,
      })
      .from(coreValues)
      .where(only("values", coreValues.translations))
      .orderBy(...byListOrder(coreValues)),
    db
      .select({
        ...milestoneColumns,
        order: milestones.order,
      })
      .from(milestones)
      .where(only("milestones", milestones.translations))
      .orderBy(...byListOrder(milestones)),
    db
      .select({
        ...testimonialColumns,
        featured: testimonials.featured,
        order: testimonials.order,
      })
      .from(testimonials)
      .where(only("testimonials", testimonials.translations))
      .orderBy(...byListOrder(testimonials)),
  ]);
  return { team, values, milestones: milestoneRows, testimonials: testimonialRows };
}

export type AdminAboutEntries = Awaited<ReturnType<typeof listAboutEntriesForAdmin>>;

// Each list's table; its kind is also its change topic.
const listTables = {
  team: teamMembers,
  values: coreValues,
  milestones,
  testimonials,
} as const;

/** The columns every list table shares, which is all the generic writes below touch. */
type ListTable = typeof milestones;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** An optional field left empty (avatar, result) is stored as null; drizzle would skip an
 * undefined value on update and keep the old one. */
function storedValues(input: object) {
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [key, value ?? null]));
}

/** Runs one write to a list and announces the change in the same transaction, so a page told of
 * it reads the new state. */
function writeList<T>(db: Db, kind: AboutListKind, write: (tx: Tx, table: ListTable) => Promise<T>) {
  const table = listTables[kind] as unknown as ListTable;
  return db.transaction(async (tx) => {
    const result = await write(tx, table);
    await notifyChange(tx, kind);
    return result;
  });
}

/** false when the entry no longer exists (deleted in another tab). */
function updateListEntry(db: Db, kind: AboutListKind, id: string, values: Record<string, unknown>) {
  return writeList(db, kind, async (tx, table) => {
    const updated = await tx.update(table).set(values).where(eq(table.id, id)).returning({ id: table.id });
    return updated.length > 0;
  });
}

export async function createAboutEntry<K extends AboutListKind>(db: Db, kind: K, input: AboutEntryInput[K]) {
  return writeList(db, kind, async (tx, table) => {
    const [row] = await tx
      .insert(table)
      .values(storedValues(input) as typeof table.$inferInsert)
      .returning({ id: table.id });
    return row!.id;
  });
}

/** false when the entry no longer exists (deleted in another tab). */
export async function updateAboutEntry<K extends AboutListKind>(
  db: Db,
  kind: K,
  id: string,
  input: AboutEntryInput[K],
) {
  return updateListEntry(db, kind, id, storedValues(input));
}

export async function deleteAboutEntry(db: Db, kind: AboutListKind, id: string) {
  return writeList(db, kind, async (tx, table) => {
    const deleted = await tx.delete(table).where(eq(table.id, id)).returning({ id: table.id });
    return deleted.length > 0;
  });
}

/** spec §4: a member is "Hoạt động" (shown) or "Ẩn" (hidden), switched from the list. */
export async function setTeamMemberActive(db: Db, id: string, active: boolean) {
  return updateListEntry(db, "team", id, { active });
}

/** spec §4: a testimonial is "Nổi bật" (on the about page) or "Thường", switched from the list. */
export async function setTestimonialFeatured(db: Db, id: string, featured: boolean) {
  return updateListEntry(db, "testimonials", id, { featured });
}
