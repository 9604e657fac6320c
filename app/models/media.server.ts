// The media library (ADR 054): every uploaded image with where content uses it, its alt text,
// replacing it everywhere, deleting it when nothing uses it, and the nightly clean-up of images no
// content has used for MEDIA_CLEANUP_DAYS. "Where used" is one function over one list of the
// content that may hold an image's address (image fields, Markdown, translations), so the
// library, the delete refusal and the clean-up cannot disagree about it.
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import sharp from "sharp";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import {
  aboutInfo,
  contactConfig,
  coreValues,
  courseRevisions,
  courses,
  mediaImages,
  milestones,
  postRevisions,
  posts,
  teamMembers,
  testimonials,
  uploadedImages,
  user,
} from "~/db/schema";
import type { ChangeTopic } from "~/lib/change-topics";
import type { TranslationLanguage } from "~/lib/content-language";
import { log } from "~/lib/log.server";
import { mapStrings, replaceUploadKey, translationStrings, uploadKeysIn } from "~/lib/media";
import { uploadUrl } from "~/lib/uploads";
import { claimJobRun } from "./scheduled-job.server";

/** Images per page of the library and of the picker. */
export const MEDIA_PAGE_SIZE = 24;
/** How long an image stays after the last content stopped using it. */
export const MEDIA_CLEANUP_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export const mediaUseKinds = [
  "post",
  "postRevision",
  "courseRevision",
  "course",
  "about",
  "team",
  "testimonial",
  "value",
  "milestone",
  "contact",
  "account",
] as const;
export type MediaUseKind = (typeof mediaUseKinds)[number];

/** One place an image is shown: a record, and the field of it (`thumbnail`, `content`,
 * `en.content` for a translation). */
export interface MediaUse {
  kind: MediaUseKind;
  id: string;
  /** The record's name as its list shows it ("" for the one About text). */
  label: string;
  field: string;
}

interface MediaSource {
  kind: MediaUseKind;
  table: PgTable;
  id: AnyPgColumn;
  label?: AnyPgColumn;
  /** The text columns that may hold an address, by their property names (what `set` takes). */
  fields: Record<string, AnyPgColumn>;
  translations?: AnyPgColumn;
  topic: ChangeTopic;
  /** References that keep an image rather than show it (a post's earlier versions): "replace"
   * rewrites them and the nightly clean-up leaves their images alone, but they are not uses an
   * admin sees or must undo before deleting an image by hand. */
  kept?: true;
}

// Every column content may hold an upload's address in. A new image field or Markdown text is
// added here, and the library, the delete refusal and the clean-up know of it.
const sources: MediaSource[] = [
  {
    kind: "post",
    table: posts,
    id: posts.id,
    label: posts.title,
    fields: { thumbnail: posts.thumbnail, excerpt: posts.excerpt, content: posts.content },
    translations: posts.translations,
    topic: "posts",
  },
  // A revision can be restored ("Khôi phục phiên bản này", ADR 053): the clean-up must not take its
  // pictures away, and a replaced picture is replaced in it too.
  {
    kind: "postRevision",
    kept: true,
    table: postRevisions,
    id: postRevisions.id,
    label: postRevisions.title,
    fields: {
      thumbnail: postRevisions.thumbnail,
      excerpt: postRevisions.excerpt,
      content: postRevisions.content,
    },
    translations: postRevisions.translations,
    topic: "posts",
  },
  {
    kind: "course",
    table: courses,
    id: courses.id,
    label: courses.title,
    fields: { description: courses.description },
    translations: courses.translations,
    topic: "courses",
  },
  // A course's revision can be restored too (ADR 057): its pictures are kept and replaced alike.
  {
    kind: "courseRevision",
    kept: true,
    table: courseRevisions,
    id: courseRevisions.id,
    label: courseRevisions.title,
    fields: { description: courseRevisions.description },
    translations: courseRevisions.translations,
    topic: "courses",
  },
  {
    kind: "about",
    table: aboutInfo,
    id: aboutInfo.id,
    fields: {
      mission: aboutInfo.mission,
      vision: aboutInfo.vision,
      method: aboutInfo.method,
      description: aboutInfo.description,
      commitment: aboutInfo.commitment,
    },
    translations: aboutInfo.translations,
    topic: "about",
  },
  {
    kind: "team",
    table: teamMembers,
    id: teamMembers.id,
    label: teamMembers.name,
    fields: { avatar: teamMembers.avatar, achievements: teamMembers.achievements },
    translations: teamMembers.translations,
    topic: "team",
  },
  {
    kind: "testimonial",
    table: testimonials,
    id: testimonials.id,
    label: testimonials.name,
    fields: { avatar: testimonials.avatar, content: testimonials.content },
    translations: testimonials.translations,
    topic: "testimonials",
  },
  {
    kind: "value",
    table: coreValues,
    id: coreValues.id,
    label: coreValues.title,
    fields: { description: coreValues.description },
    translations: coreValues.translations,
    topic: "values",
  },
  {
    kind: "milestone",
    table: milestones,
    id: milestones.id,
    label: milestones.title,
    fields: { description: milestones.description },
    translations: milestones.translations,
    topic: "milestones",
  },
  {
    kind: "contact",
    table: contactConfig,
    id: contactConfig.id,
    fields: { description: contactConfig.description },
    translations: contactConfig.translations,
    topic: "contacts",
  },
  // A member of staff's (or a learner's) own picture, from the profile's image field.
  {
    kind: "account",
    table: user,
    id: user.id,
    label: user.name,
    fields: { image: user.image },
    topic: "users",
  },
];

type SourceRow = Record<string, unknown> & { id: string; label: string | null };

/** The rows of a source whose texts mention `pattern` (a LIKE pattern). */
function readSource(db: Pick<Db, "select">, source: MediaSource, pattern: string) {
  const selection: Record<string, AnyPgColumn | SQL> = {
    id: sql<string>`${source.id}::text`,
    label: source.label ?? sql<string>`''`,
    ...source.fields,
  };
  if (source.translations) selection.translations = source.translations;
  const conditions = Object.values(source.fields).map((column) => sql`${column} like ${pattern}`);
  if (source.translations) conditions.push(sql`${source.translations}::text like ${pattern}`);
  return db
    .select(selection)
    .from(source.table)
    .where(or(...conditions)) as unknown as Promise<SourceRow[]>;
}

/** Where each image is used, by key: every upload address in every source. `key` narrows the
 * reading to the rows that mention that image; `kept` adds the references that only keep an
 * image (a post's earlier versions), as the clean-up reads them. */
export async function findImageUses(
  db: Pick<Db, "select">,
  key?: string,
  { kept = false }: { kept?: boolean } = {},
): Promise<Map<string, MediaUse[]>> {
  const pattern = key ? `%/uploads/${key}-%` : "%/uploads/%";
  const uses = new Map<string, MediaUse[]>();
  const add = (found: string, use: MediaUse) => {
    if (key && found !== key) return;
    const list = uses.get(found) ?? [];
    list.push(use);
    uses.set(found, list);
  };
  // One source after the other: inside a transaction (a delete's) queries share one connection.
  for (const source of sources.filter((each) => kept || !each.kept)) {
    for (const row of await readSource(db, source, pattern)) {
      const at = { kind: source.kind, id: row.id, label: row.label ?? "" };
      for (const field of Object.keys(source.fields))
        for (const found of uploadKeysIn(row[field] as string | null)) add(found, { ...at, field });
      for (const { at: field, text } of translationStrings(row.translations))
        for (const found of uploadKeysIn(text)) add(found, { ...at, field });
    }
  }
  // One entry per record and field, whatever the number of widths or repeats in it.
  for (const [found, list] of uses) {
    const seen = new Set<string>();
    uses.set(
      found,
      list.filter((use) => {
        const id = `${use.kind}/${use.id}/${use.field}`;
        if (seen.has(id)) return false;
        seen.add(id);
        return true;
      }),
    );
  }
  return uses;
}

/** Where one image is used. */
export async function imageUses(db: Pick<Db, "select">, key: string, options: { kept?: boolean } = {}) {
  return (await findImageUses(db, key, options)).get(key) ?? [];
}

/* ---------------------------------------------------------------- the library */

export interface MediaListQuery {
  q?: string;
  page: number;
}

const listColumns = {
  id: mediaImages.id,
  key: mediaImages.key,
  originalName: mediaImages.originalName,
  alt: mediaImages.alt,
  translations: mediaImages.translations,
  width: mediaImages.width,
  height: mediaImages.height,
  unreferencedSince: mediaImages.unreferencedSince,
  createdAt: mediaImages.createdAt,
  // The widest variant's size: what a full view downloads.
  // Named in full: inside the subquery an unqualified "key" would not be this table's.
  bytes: sql<number>`coalesce((select max(u.byte_size) from uploaded_images u
    where left(u.name, 32) = media_images.key), 0)::int`,
};

function searchCondition(q: string | undefined) {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return or(
    ilike(mediaImages.originalName, pattern),
    ilike(mediaImages.alt, pattern),
    ilike(mediaImages.key, pattern),
    sql`${mediaImages.translations}::text ilike ${pattern}`,
  );
}

/** Images stored before their library row existed (a backup from before ADR 054 restored, a
 * DATA_DIR moved in) get one. Not the admin's doing, so not audited: the actor is cleared for the
 * transaction (ADR 014). */
async function adoptUnlistedUploads(db: Db) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('lernhaus.actor', '', true)`);
    await tx.execute(sql`
      insert into media_images (key, created_at, updated_at)
      select left(name, 32), min(created_at), min(created_at) from uploaded_images
      where not exists (select 1 from media_images m where m.key = left(name, 32))
      group by 1
      on conflict (key) do nothing`);
  });
}

/** Width and height of images listed before they were known (uploads from before ADR 054),
 * read from their widest stored variant once. Not audited, like adoption. */
async function fillDimensions(db: Db, rows: { id: string; key: string; width: number | null }[]) {
  for (const row of rows.filter((candidate) => candidate.width === null)) {
    const [widest] = await db
      .select({ data: uploadedImages.data })
      .from(uploadedImages)
      .where(sql`left(${uploadedImages.name}, 32) = ${row.key}`)
      .orderBy(desc(uploadedImages.byteSize))
      .limit(1);
    if (!widest) continue;
    const meta = await sharp(widest.data)
      .metadata()
      .catch(() => undefined);
    if (!meta?.width || !meta.height) continue;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('lernhaus.actor', '', true)`);
      await tx
        .update(mediaImages)
        .set({ width: meta.width, height: meta.height })
        .where(eq(mediaImages.id, row.id));
    });
    Object.assign(row, { width: meta.width, height: meta.height });
  }
}

export type MediaListItem = Awaited<ReturnType<typeof listMediaImages>>["images"][number];

/** A page of the library, newest first, each image with where it is used. */
export async function listMediaImages(db: Db, query: MediaListQuery, pageSize = MEDIA_PAGE_SIZE) {
  await adoptUnlistedUploads(db);
  const where = searchCondition(query.q);
  const [rows, [{ total } = { total: 0 }], uses] = await Promise.all([
    db
      .select(listColumns)
      .from(mediaImages)
      .where(where)
      .orderBy(desc(mediaImages.createdAt), asc(mediaImages.key))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ total: count() }).from(mediaImages).where(where),
    findImageUses(db),
  ]);
  await fillDimensions(db, rows);
  return {
    total,
    images: rows.map((row) => ({ ...row, url: uploadUrl(row.key), uses: uses.get(row.key) ?? [] })),
  };
}

/** One image of the library with where it is used, for its dialog. */
export async function getMediaImage(db: Db, id: string) {
  const [row] = await db.select(listColumns).from(mediaImages).where(eq(mediaImages.id, id));
  if (!row) return undefined;
  return { ...row, url: uploadUrl(row.key), uses: await imageUses(db, row.key) };
}

export interface MediaAltInput {
  alt: string;
  en: string;
  de: string;
}

/** The alt text in Vietnamese and its English and German versions (empty: none). */
export async function saveMediaAlt(db: Db, id: string, input: MediaAltInput) {
  const translations: Partial<Record<TranslationLanguage, { alt: string }>> = {};
  if (input.en) translations.en = { alt: input.en };
  if (input.de) translations.de = { alt: input.de };
  const updated = await db
    .update(mediaImages)
    .set({ alt: input.alt, translations })
    .where(eq(mediaImages.id, id))
    .returning({ id: mediaImages.id });
  return updated.length > 0;
}

export type MediaDeleteOutcome = { deleted: true } | { deleted: false; uses: MediaUse[] } | undefined;

/** Deletes an image no content uses, all its widths; answers where it is used instead when some
 * content does, and undefined when it is gone already. The row is locked while the uses are
 * read, so two deletes (or a delete and the clean-up) do not both act. */
export async function deleteMediaImage(
  db: Db,
  id: string,
  /** The clean-up's reading: references that keep an image (earlier versions) count too. */
  options: { kept?: boolean } = {},
): Promise<MediaDeleteOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ key: mediaImages.key })
      .from(mediaImages)
      .where(eq(mediaImages.id, id))
      .for("update");
    if (!row) return undefined;
    const uses = await imageUses(tx, row.key, options);
    if (uses.length > 0) return { deleted: false, uses };
    await removeImage(tx, id, row.key);
    return { deleted: true };
  });
}

async function removeImage(db: Pick<Db, "delete">, id: string, key: string) {
  await db.delete(uploadedImages).where(sql`left(${uploadedImages.name}, 32) = ${key}`);
  await db.delete(mediaImages).where(eq(mediaImages.id, id));
}

/** Points every use of the image `fromId` at the image `toId` (a replacement just uploaded):
 * each field, Markdown text and translation that names the old image's address names the new
 * one's, width for width, in one transaction; the new image takes the old one's alt texts. The
 * old image stays until the clean-up (a cached page may still show it). Answers the number of
 * records changed, or undefined when either image is gone. */
export async function replaceMediaImage(db: Db, fromId: string, toId: string) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: mediaImages.id,
        key: mediaImages.key,
        alt: mediaImages.alt,
        translations: mediaImages.translations,
      })
      .from(mediaImages)
      .where(inArray(mediaImages.id, [fromId, toId]))
      .for("update");
    const from = rows.find((row) => row.id === fromId);
    const to = rows.find((row) => row.id === toId);
    if (!from || !to || from.id === to.id) return undefined;
    const swap = (text: string) => replaceUploadKey(text, from.key, to.key);
    const topics = new Set<ChangeTopic>();
    let changed = 0;
    for (const source of sources) {
      for (const row of await readSource(tx, source, `%/uploads/${from.key}-%`)) {
        const values: Record<string, unknown> = {};
        for (const field of Object.keys(source.fields)) {
          const text = row[field] as string | null;
          if (text?.includes(from.key)) values[field] = swap(text);
        }
        if (source.translations && JSON.stringify(row.translations).includes(from.key))
          values.translations = mapStrings(row.translations, swap);
        if (Object.keys(values).length === 0) continue;
        await tx.update(source.table).set(values).where(sql`${source.id}::text = ${row.id}`);
        topics.add(source.topic);
        changed++;
      }
    }
    await tx
      .update(mediaImages)
      .set({ alt: to.alt || from.alt, translations: { ...from.translations, ...to.translations } })
      .where(eq(mediaImages.id, to.id));
    await tx.update(mediaImages).set({ unreferencedSince: new Date() }).where(eq(mediaImages.id, from.id));
    const [first, ...rest] = [...topics];
    if (first) await notifyChange(tx, first, ...rest);
    return changed;
  });
}

/* ---------------------------------------------------------------- the clean-up */

/** Runs once a day across instances, in the Vietnamese night. */
export const MEDIA_CLEANUP_PERIOD_SECONDS = 20 * 60 * 60;
const NIGHT_HOURS = { from: 2, to: 6 };

/** Whether `now` is in the clean-up's hours, Vietnam time (UTC+7, no daylight saving). */
export function isCleanupNight(now: Date) {
  const hour = (now.getUTCHours() + 7) % 24;
  return hour >= NIGHT_HOURS.from && hour < NIGHT_HOURS.to;
}

/** Marks when each image stopped being used: set for an image no content uses (when not set
 * yet), cleared for one that some content uses again. Answers the keys in use. */
export async function sweepMediaReferences(db: Db, now: Date = new Date()) {
  await adoptUnlistedUploads(db);
  const used = [...(await findImageUses(db, undefined, { kept: true })).keys()];
  const inUse = used.length ? inArray(mediaImages.key, used) : sql`false`;
  await db
    .update(mediaImages)
    .set({ unreferencedSince: null })
    .where(and(isNotNull(mediaImages.unreferencedSince), inUse));
  await db
    .update(mediaImages)
    .set({ unreferencedSince: now })
    .where(and(isNull(mediaImages.unreferencedSince), used.length ? sql`not (${inUse})` : undefined));
  return new Set(used);
}

/** The dry run: the images a clean-up at `now` would delete, unused for MEDIA_CLEANUP_DAYS and
 * still used by nothing. Writes nothing. */
export async function mediaCleanupCandidates(db: Db, now: Date = new Date()) {
  const cutoff = new Date(now.getTime() - MEDIA_CLEANUP_DAYS * DAY_MS);
  const [rows, uses] = await Promise.all([
    db
      .select(listColumns)
      .from(mediaImages)
      .where(lte(mediaImages.unreferencedSince, cutoff))
      .orderBy(asc(mediaImages.unreferencedSince)),
    findImageUses(db, undefined, { kept: true }),
  ]);
  return rows.filter((row) => !uses.has(row.key)).map((row) => ({ ...row, url: uploadUrl(row.key) }));
}

/** The clean-up itself: sweeps, then deletes each candidate under its row's lock after reading
 * its uses once more (content saved meanwhile keeps it). Answers the keys deleted. */
export async function cleanUpMedia(db: Db, now: Date = new Date()) {
  await sweepMediaReferences(db, now);
  const deleted: string[] = [];
  for (const candidate of await mediaCleanupCandidates(db, now)) {
    const outcome = await deleteMediaImage(db, candidate.id, { kept: true });
    if (outcome?.deleted) deleted.push(candidate.key);
  }
  return deleted;
}

/** The nightly job (ADR 021's claim): once per period across instances, in the night's hours. */
export async function runMediaCleanup(
  db: Db,
  options: { now?: Date; periodSeconds?: number; anyHour?: boolean } = {},
) {
  const now = options.now ?? new Date();
  if (!options.anyHour && !isCleanupNight(now)) return null;
  if (!(await claimJobRun(db, "media-cleanup", options.periodSeconds ?? MEDIA_CLEANUP_PERIOD_SECONDS)))
    return null;
  const deleted = await cleanUpMedia(db, now);
  log().info({ deleted: deleted.length }, "media: clean-up ran");
  return deleted;
}
