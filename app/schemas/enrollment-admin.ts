// The admin's work on an enrolment — its status pipeline, its payment state, the
// list's filters in the URL, and the forms of the detail panel. Browser-safe: no server imports.
import { z } from "zod";
import { CONSULTATION_COURSE, courseLevels, enrollmentSchedules, hearAboutSources } from "./domain";
import { readUrlQuery, urlChoice, urlDay, urlPage, urlQueryParams, urlSearch } from "./url-query";

/** The pipeline: new → contacted → trial (a trial lesson is scheduled) → enrolled; cancelled
 * from any step. Stored in enrollments.status. */
export const enrollmentStatuses = ["new", "contacted", "trial", "enrolled", "cancelled"] as const;
export type EnrollmentStatus = (typeof enrollmentStatuses)[number];

export const paymentStatuses = ["pending", "paid", "refunded"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

const pipeline: readonly EnrollmentStatus[] = ["new", "contacted", "trial", "enrolled"];

/** Where an enrolment may go from `from`: the next step of the pipeline, or cancelled from any
 * step that is not already cancelled. Cancelled is final (a cancelled person who comes back
 * enrols again through the form), and nothing goes back to "new": isProcessed, set when the
 * status leaves "new", stays true. */
export function allowedStatusTransitions(from: string): EnrollmentStatus[] {
  const step = pipeline.indexOf(from as EnrollmentStatus);
  if (step < 0) return [];
  const next = pipeline[step + 1];
  return next ? [next, "cancelled"] : ["cancelled"];
}

export function canChangeStatus(from: string, to: string) {
  return (allowedStatusTransitions(from) as string[]).includes(to);
}

/** pending → paid, paid → refunded: only money received can be refunded; both are final. */
/** The payment status changes the student record makes by itself: a refund. Pending becomes paid
 * only by recording the payment (recordPayment, ADR 028), which keeps what was received and sends
 * the learner a receipt; a bare status change would show "paid" with nothing received. */
export function allowedPaymentTransitions(from: string): PaymentStatus[] {
  if (from === "paid") return ["refunded"];
  return [];
}

export function canChangePayment(from: string, to: string) {
  return (allowedPaymentTransitions(from) as string[]).includes(to);
}

/** The course values an enrolment can hold: the consultation choice and a level in lower case. */
export const enrollmentCourseValues = [CONSULTATION_COURSE, ...courseLevels.map((l) => l.toLowerCase())];

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const studentSorts = ["newest", "oldest", "name", "name-desc", "status"] as const;
export type StudentSort = (typeof studentSorts)[number];

export const STUDENTS_PAGE_SIZE = 25;
export const SEARCH_MAX_LENGTH = 100;
export const NOTE_MAX_LENGTH = 2_000;

export const studentListQuerySchema = z.object({
  q: urlSearch(SEARCH_MAX_LENGTH),
  status: urlChoice(enrollmentStatuses),
  /** A course's id (the filter lists courses: two B1 courses are two choices), the consultation
   * choice, or — links made before — a level code ("b1"), which still filters by level. */
  course: z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => UUID_PATTERN.test(value) || enrollmentCourseValues.includes(value))
    .optional()
    .catch(undefined),
  schedule: urlChoice(enrollmentSchedules),
  hearAbout: urlChoice(hearAboutSources),
  /** A class's id (ADR 026): its enrolments, seat holders and waitlist. */
  class: z.string().regex(UUID_PATTERN).optional().catch(undefined),
  /** Days (yyyy-mm-dd) in Vietnam's time zone, both included. */
  from: urlDay,
  to: urlDay,
  sort: z.enum(studentSorts).catch("newest").default("newest"),
  page: urlPage,
});

export type StudentListQuery = z.output<typeof studentListQuerySchema>;

/** The list's state from a URL's search parameters (empty fields count as absent). */
export function readStudentListQuery(search: URLSearchParams | string): StudentListQuery {
  return readUrlQuery(studentListQuerySchema, search);
}

/** The filter's parameters (no page, no panel) for links: the CSV export, the pager. */
export function studentListParams(query: StudentListQuery, overrides: { page?: number } = {}) {
  const params = urlQueryParams(query, [
    "q",
    "status",
    "course",
    "class",
    "schedule",
    "hearAbout",
    "from",
    "to",
  ]);
  if (query.sort !== "newest") params.set("sort", query.sort);
  const page = overrides.page ?? 1;
  if (page > 1) params.set("page", String(page));
  return params;
}

/** The query parameter of the panel's confirmation step before a cancellation (ADR 033). */
export const CONFIRM_CANCEL_PARAM = "confirm";

/** A cancellation mails people (the learner, the next on the waitlist): it is posted from the
 * confirmation step that names them, with `confirmed`. */
export const statusChangeSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(enrollmentStatuses),
    confirmed: z.literal("1").optional(),
  })
  .refine((value) => value.status !== "cancelled" || value.confirmed === "1", {
    path: ["confirmed"],
    error: "admin-students:errors.confirmCancel",
  });

export const paymentChangeSchema = z.object({
  id: z.uuid(),
  paymentStatus: z.enum(paymentStatuses),
});

export const noteSchema = z.object({
  id: z.uuid(),
  body: z
    .string({ error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .max(NOTE_MAX_LENGTH, "validation.tooLong"),
});
