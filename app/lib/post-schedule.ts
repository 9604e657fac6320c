// Scheduled publishing (ADR 053): the one rule of when a post is public, and the form's date and
// time, which the school reads and types in Vietnam time whatever the browser's zone. Pure and
// browser-safe: the editor, the admin list and the tests use it; post-query.server.ts holds the
// same rule in SQL (isPublished) for every public query.
import { calendarDayInVietnam, formatTimeVi } from "./format";

export type PostState = "draft" | "scheduled" | "public";

export interface Schedulable {
  published: boolean;
  /** When a published post goes public; null for "at once" (or once the job has run). */
  publishAt: Date | null;
}

/** A post is public when it is published and its publish time, if any, has come. */
export function isPublicNow(post: Schedulable, now: Date = new Date()) {
  return post.published && (post.publishAt === null || post.publishAt.getTime() <= now.getTime());
}

/** What the admin list and editor say of a post: a draft, scheduled (published, time ahead) or public. */
export function postState(post: Schedulable, now: Date = new Date()): PostState {
  if (!post.published) return "draft";
  return isPublicNow(post, now) ? "public" : "scheduled";
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/** The moment of a `datetime-local` value read as Vietnam time (+07:00 all year); undefined when
 * it is not one, or names no real day ("2026-02-30T10:00"). */
export function parseVietnamDateTime(value: string): Date | undefined {
  const match = LOCAL_DATE_TIME.exec(value.trim());
  if (!match) return undefined;
  const [, year, month, day, hour, minute] = match;
  if (Number(hour) > 23 || Number(minute) > 59) return undefined;
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:00+07:00`);
  if (Number.isNaN(date.getTime())) return undefined;
  // Date rolls 30 February over into March: the day must read back as typed.
  return calendarDayInVietnam(date) === `${year}-${month}-${day}` ? date : undefined;
}

/** A moment as a `datetime-local` value in Vietnam time ("2026-12-01T08:30"). */
export function vietnamDateTimeInput(value: Date) {
  return `${calendarDayInVietnam(value)}T${formatTimeVi(value)}`;
}
