// Enrolments as the admin works with them: the students list (search, filters,
// sorting, pagination in the database), the CSV export, the detail, and the status pipeline.
import { and, asc, count, desc, eq, gte, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { courseClasses, courses, enrollments, payments } from "~/db/schema";
import { compactReference, isPaymentReference } from "~/lib/bank-statement";
import { TIME_ZONE } from "~/lib/format";
import {
  canChangePayment,
  canChangeStatus,
  type EnrollmentStatus,
  enrollmentStatuses,
  type PaymentStatus,
  STUDENTS_PAGE_SIZE,
  type StudentListQuery,
  type StudentSort,
} from "~/schemas/enrollment-admin";

/** The enrolments nobody has handled yet: the sidebar's badge on "Học viên". */
export async function countNewEnrollments(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(enrollments).where(eq(enrollments.status, "new"));
  return row?.total ?? 0;
}

/** Lower case without accents: "Đặng Thị Ánh" → "dang thi anh". The search folds the query
 * the same way as the stored names, so a name is found with or without its accents. */
export function foldForSearch(text: string) {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[đĐ]/g, "d")
    .toLowerCase();
}

// The database's side of foldForSearch for names: decompose (NFD), then drop the combining marks
// (those of Vietnamese, German and French letters) and map đ to d. A long translate() table of
// precomposed letters was measured slower (50,000 rows, `npm run bench`); so was a regular
// expression over the marks.
const COMBINING_MARKS = "\u0300\u0301\u0302\u0303\u0306\u0308\u0309\u031b\u0323\u0327";
const foldedName = (column: AnyPgColumn) =>
  sql`lower(translate(normalize(${column}, NFD), ${`đĐ${COMBINING_MARKS}`}, 'dd'))`;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The students' and the payments' search: a name (with or without accents), an email, a phone
 * number, or a payment reference. A whole reference, however typed ("lh7k 2q9x"), is looked up
 * alone through its unique index: no name looks like one, and a scan would not stay fast. */
export function enrollmentSearchCondition(q: string): SQL | undefined {
  if (isPaymentReference(q)) return eq(enrollments.paymentReference, compactReference(q));
  return personSearchCondition(enrollments, q);
}

/** A person's record searched by a name (with or without accents), an email or a phone number:
 * the students' search, and the trial bookings' (ADR 046) on their own columns. */
export function personSearchCondition(
  columns: { fullName: AnyPgColumn; email: AnyPgColumn; phone: AnyPgColumn },
  q: string,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    sql`${foldedName(columns.fullName)} like ${likePattern(foldForSearch(q))}`,
    sql`lower(${columns.email}) like ${likePattern(q.toLowerCase())}`,
  ];
  // Phone numbers match on their digits: "0912 345", "912345" and "+84 912 345 678" find one another.
  const digits = q.replace(/\D/g, "");
  if (digits.length >= 3 && /^[\d\s+().-]+$/.test(q)) {
    const phoneDigits = sql`regexp_replace(${columns.phone}, '\\D', '', 'g')`;
    conditions.push(sql`${phoneDigits} like ${likePattern(digits)}`);
    if (digits.startsWith("0")) conditions.push(sql`${phoneDigits} like ${likePattern(digits.slice(1))}`);
  }
  return or(...conditions);
}

/** Start of a day (yyyy-mm-dd) in Vietnam, the admins' time zone; `plusDays` 1 = the next day. */
const vietnamDay = (day: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${sql.raw(`'${TIME_ZONE}'`)})`;

function listConditions(query: Omit<StudentListQuery, "sort" | "page">) {
  return and(
    query.q ? enrollmentSearchCondition(query.q) : undefined,
    query.status ? eq(enrollments.status, query.status) : undefined,
    query.course ? courseCondition(query.course) : undefined,
    query.class ? eq(enrollments.classId, query.class) : undefined,
    query.schedule ? eq(enrollments.schedule, query.schedule) : undefined,
    query.hearAbout ? eq(enrollments.hearAbout, query.hearAbout) : undefined,
    query.from ? gte(enrollments.createdAt, vietnamDay(query.from)) : undefined,
    query.to ? lt(enrollments.createdAt, vietnamDay(query.to, 1)) : undefined,
  );
}

/** A course's id filters by that course; the consultation choice and a level code (links made
 * before the filter listed courses) by the stored level. */
function courseCondition(course: string) {
  return /^[0-9a-f-]{36}$/.test(course) ? eq(enrollments.courseId, course) : eq(enrollments.course, course);
}

const statusRank = sql`case ${enrollments.status} ${sql.join(
  enrollmentStatuses.map((status, rank) => sql`when ${status} then ${rank}`),
  sql` `,
)} else ${enrollmentStatuses.length} end`;

/** Every order ends on the id, so pages never share or skip a row. */
function listOrder(sort: StudentSort) {
  switch (sort) {
    case "oldest":
      return [asc(enrollments.createdAt), asc(enrollments.id)];
    case "name":
      return [asc(enrollments.fullName), asc(enrollments.id)];
    case "name-desc":
      return [desc(enrollments.fullName), desc(enrollments.id)];
    case "status":
      return [asc(statusRank), desc(enrollments.createdAt), desc(enrollments.id)];
    default:
      return [desc(enrollments.createdAt), desc(enrollments.id)];
  }
}

/** The fee due: fixed at enrolment (ADR 028), else — enrolments made before payments existed —
 * the course's price now; null for advice and for a course since deleted. Needs the courses join. */
export const amountDue = sql<number | null>`coalesce(${enrollments.paymentAmount}, ${courses.price})`;

/** Everything received for the enrolment (payments_enrollment_idx: a lookup per listed row). */
export const amountPaid = sql<number>`(select coalesce(sum(${payments.amount}), 0)::int from ${payments} where ${payments.enrollmentId} = ${enrollments.id})`;

/** What a list of enrolments shows of their payment: state, reference, amount received. */
export const paymentColumns = {
  paymentStatus: enrollments.paymentStatus,
  paymentReference: enrollments.paymentReference,
  paid: amountPaid,
};

const listColumns = {
  id: enrollments.id,
  fullName: enrollments.fullName,
  phone: enrollments.phone,
  email: enrollments.email,
  course: enrollments.course,
  // The course's name (null for the consultation choice or a course since deleted).
  courseTitle: courses.title,
  schedule: enrollments.schedule,
  // The class chosen (ADR 026): when it starts and on which weekdays; null without one.
  classStartsOn: courseClasses.startsOn,
  classWeekdays: courseClasses.weekdays,
  status: enrollments.status,
  paymentStatus: enrollments.paymentStatus,
  paymentReference: enrollments.paymentReference,
  createdAt: enrollments.createdAt,
};

/** One page of the students table: filtered, sorted and paginated in the database.
 * A page past the end shows the last page. */
export async function listEnrollmentsForAdmin(
  db: Db,
  query: StudentListQuery,
  pageSize = STUDENTS_PAGE_SIZE,
) {
  // The count and the page run side by side; only a page past the end needs a second look.
  const queries = studentListQueries(db, query, pageSize);
  const [[totals], requested] = await Promise.all([queries.count, queries.page]);
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, pageCount);
  const rows =
    page === query.page ? requested : await studentListQueries(db, { ...query, page }, pageSize).page;
  return { rows, total, page, pageCount, pageSize };
}

/** The two queries behind a page of the list (the benchmark EXPLAINs them). */
export function studentListQueries(db: Db, query: StudentListQuery, pageSize = STUDENTS_PAGE_SIZE) {
  const where = listConditions(query);
  return {
    count: db.select({ total: count() }).from(enrollments).where(where),
    page: db
      .select(listColumns)
      .from(enrollments)
      .leftJoin(courses, eq(courses.id, enrollments.courseId))
      .leftJoin(courseClasses, eq(courseClasses.id, enrollments.classId))
      .where(where)
      .orderBy(...listOrder(query.sort))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
  };
}

export type AdminEnrollmentRow = Awaited<ReturnType<typeof listEnrollmentsForAdmin>>["rows"][number];

const exportColumns = {
  ...listColumns,
  experience: enrollments.experience,
  goals: enrollments.goals,
  hearAbout: enrollments.hearAbout,
  isProcessed: enrollments.isProcessed,
};

/** The rows of a filter for the CSV export, in the list's order, `batchSize` at a time (a big
 * export never sits in memory whole). Rows created after the export began are left out, so a new
 * enrolment arriving meanwhile cannot shift the batches. */
export async function* exportEnrollments(db: Db, query: StudentListQuery, batchSize = 1_000) {
  // The database's clock as text: a JavaScript Date would drop its microseconds.
  const { rows: clock } = await db.execute<{ now: string }>(sql`select now()::text as now`);
  const where = and(listConditions(query), lte(enrollments.createdAt, sql`${clock[0]!.now}::timestamptz`));
  for (let offset = 0; ; offset += batchSize) {
    const rows = await db
      .select(exportColumns)
      .from(enrollments)
      .leftJoin(courses, eq(courses.id, enrollments.courseId))
      .leftJoin(courseClasses, eq(courseClasses.id, enrollments.classId))
      .where(where)
      .orderBy(...listOrder(query.sort))
      .limit(batchSize)
      .offset(offset);
    if (rows.length) yield rows;
    if (rows.length < batchSize) return;
  }
}

/** Every field of one enrolment for the detail panel (spec §3 enrollments record). */
export async function getEnrollmentForAdmin(db: Db, id: string) {
  const [row] = await db
    .select({
      ...exportColumns,
      userAgent: enrollments.userAgent,
      language: enrollments.language,
      updatedAt: enrollments.updatedAt,
      due: amountDue,
    })
    .from(enrollments)
    .leftJoin(courses, eq(courses.id, enrollments.courseId))
    .leftJoin(courseClasses, eq(courseClasses.id, enrollments.classId))
    .where(eq(enrollments.id, id));
  return row;
}

export type AdminEnrollment = NonNullable<Awaited<ReturnType<typeof getEnrollmentForAdmin>>>;

/** "changed", or why not: the enrolment is gone, or the pipeline does not allow that step. */
export type EnrollmentChange = "changed" | "not-found" | "not-allowed";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A step of the pipeline (allowedStatusTransitions). Leaving "new" marks it processed. The row
 * is locked, so two admins clicking at once cannot both move it from the same state.
 * `onCancelled` runs in the same transaction when the step is a cancellation (the seat it held
 * is given on: enrollment.server.ts, which may import mail templates where this file may not). */
export async function changeEnrollmentStatus(
  db: Db,
  id: string,
  to: EnrollmentStatus,
  hooks: { onCancelled?: (tx: Tx, enrollment: { classId: string | null }) => Promise<unknown> } = {},
): Promise<EnrollmentChange> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: enrollments.status, classId: enrollments.classId })
      .from(enrollments)
      .where(eq(enrollments.id, id))
      .for("update");
    if (!row) return "not-found";
    if (!canChangeStatus(row.status, to)) return "not-allowed";
    await tx
      .update(enrollments)
      .set({ status: to, ...(to !== "new" && { isProcessed: true }) })
      .where(eq(enrollments.id, id));
    if (to === "cancelled") await hooks.onCancelled?.(tx, row);
    await notifyChange(tx, "enrollments");
    return "changed";
  });
}

/** paid → refunded (allowedPaymentTransitions); pending → paid is recordPayment's. */
export async function changeEnrollmentPayment(
  db: Db,
  id: string,
  to: PaymentStatus,
): Promise<EnrollmentChange> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ paymentStatus: enrollments.paymentStatus })
      .from(enrollments)
      .where(eq(enrollments.id, id))
      .for("update");
    if (!row) return "not-found";
    if (!canChangePayment(row.paymentStatus, to)) return "not-allowed";
    await tx.update(enrollments).set({ paymentStatus: to }).where(eq(enrollments.id, id));
    await notifyChange(tx, "enrollments");
    return "changed";
  });
}
