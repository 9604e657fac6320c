// The admin analytics: every figure is a query over the school's own records, for a
// date range in the school's time zone. Weeks start on Monday.
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { courses, enrollments, payments } from "~/db/schema";
import { TIME_ZONE } from "~/lib/format";
import type { AnalyticsRange } from "~/schemas/analytics";

const TOP_POSTS = 5;

/** The local calendar day of a timestamp column, for range filters and weekly grouping. */
const localDay = (column: string) => sql.raw(`(${column} at time zone '${TIME_ZONE}')::date`);

/** Whether a timestamp column's local day is within the range (both ends included). */
const within = (range: AnalyticsRange, column: string) =>
  sql`${localDay(column)} between ${range.from}::date and ${range.to}::date`;

type Row = Record<string, unknown>;
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows as T[];
}

const num = (value: unknown) => Number(value ?? 0);

export async function getAnalytics(db: Db, range: AnalyticsRange) {
  const { from, to } = range;
  const weeks = sql`select generate_series(date_trunc('week', ${from}::date), date_trunc('week', ${to}::date), interval '1 week')::date as week`;
  const inRange = (column: string) => within(range, column);
  // Records created in each week of the range (a week without any counts 0).
  const perWeek = (table: "enrollments" | "contact_messages") =>
    rows<{ week: string; count: unknown }>(
      db,
      sql`with weeks as (${weeks})
          select to_char(w.week, 'YYYY-MM-DD') as week, count(r.id) as count
          from weeks w left join ${sql.raw(table)} r
            on date_trunc('week', ${localDay("r.created_at")})::date = w.week and ${inRange("r.created_at")}
          group by w.week order by w.week`,
    );
  // Enrolments in the range by one of their choices, the most chosen first.
  const enrollmentsBy = (column: "schedule" | "hear_about") =>
    rows<{ key: string | null; count: unknown }>(
      db,
      sql`select ${sql.raw(column)} as key, count(*) as count from enrollments e where ${inRange("e.created_at")}
          group by ${sql.raw(column)} order by count(*) desc, ${sql.raw(column)} nulls last`,
    );

  const [
    enrollmentsPerWeek,
    byCourse,
    bySchedule,
    bySource,
    funnel,
    messagesPerWeek,
    responses,
    topPosts,
    newsletter,
  ] = await Promise.all([
    perWeek("enrollments"),
    // Per course (two may share a level); a consultation, or a course since deleted, by its level.
    rows<{ key: string; title: string | null; count: unknown }>(
      db,
      sql`select e.course as key, c.title as title, count(*) as count
          from enrollments e left join courses c on c.id = e.course_id
          where ${inRange("e.created_at")}
          group by e.course, c.id, c.title order by count(*) desc, e.course, c.title`,
    ),
    enrollmentsBy("schedule"),
    enrollmentsBy("hear_about"),
    rows<{ total: unknown; contacted: unknown; trial: unknown; enrolled: unknown; cancelled: unknown }>(
      db,
      sql`select count(*) as total,
            count(*) filter (where status in ('contacted', 'trial', 'enrolled')) as contacted,
            count(*) filter (where status in ('trial', 'enrolled')) as trial,
            count(*) filter (where status = 'enrolled') as enrolled,
            count(*) filter (where status = 'cancelled') as cancelled
          from enrollments e where ${inRange("e.created_at")}`,
    ),
    perWeek("contact_messages"),
    rows<{ total: unknown; answered: unknown; median: unknown; withinPromise: unknown }>(
      db,
      sql`select count(*) as total,
            count(response_time) as answered,
            percentile_cont(0.5) within group (order by response_time) as median,
            count(*) filter (where response_time <= 7200) as "withinPromise"
          from contact_messages m where ${inRange("m.created_at")}`,
    ),
    rows<{ id: string; title: string; slug: string; views: unknown; total: unknown }>(
      db,
      sql`select p.id, p.title, p.slug, count(v.post_id) as views, p.views as total
          from post_views v join posts p on p.id = v.post_id
          where v.day between ${from} and ${to}
          group by p.id order by count(v.post_id) desc, p.title limit ${TOP_POSTS}`,
    ),
    rows<{ week: string; count: unknown }>(
      db,
      sql`with weeks as (${weeks})
          select to_char(w.week, 'YYYY-MM-DD') as week,
            (select count(*) from newsletter_subscribers s
              where s.confirmed_at is not null and ${localDay("s.confirmed_at")} < w.week + 7
                and (s.unsubscribed_at is null or ${localDay("s.unsubscribed_at")} >= w.week + 7)) as count
          from weeks w order by w.week`,
    ),
  ]);

  const f = funnel[0];
  const r = responses[0];
  const series = (list: { week: string; count: unknown }[]) =>
    list.map((x) => ({ week: x.week, count: num(x.count) }));
  const breakdown = (list: { key: string | null; count: unknown }[]) =>
    list.map((x) => ({ key: x.key ?? "", count: num(x.count) }));
  return {
    range,
    enrollmentsPerWeek: series(enrollmentsPerWeek),
    byCourse: byCourse.map((x) => ({ key: x.key, title: x.title, count: num(x.count) })),
    bySchedule: breakdown(bySchedule),
    bySource: breakdown(bySource),
    funnel: {
      total: num(f?.total),
      contacted: num(f?.contacted),
      trial: num(f?.trial),
      enrolled: num(f?.enrolled),
      cancelled: num(f?.cancelled),
    },
    messagesPerWeek: series(messagesPerWeek),
    responses: {
      total: num(r?.total),
      answered: num(r?.answered),
      medianSeconds: r?.median == null ? null : Math.round(num(r.median)),
      withinPromise: num(r?.withinPromise),
    },
    topPosts: topPosts.map((p) => ({
      id: p.id,
      title: p.title,
      slug: p.slug,
      views: num(p.views),
      total: num(p.total),
    })),
    newsletterPerWeek: series(newsletter),
  };
}

export type Analytics = Awaited<ReturnType<typeof getAnalytics>>;

/** Revenue per course and month (Vietnam's calendar), the last `months` months, from the
 * payments received (payments_paid_on_idx). */
export async function revenueByCourseAndMonth(db: Db, today: string, months = 12) {
  const month = sql<string>`to_char(${payments.paidOn}, 'YYYY-MM')`;
  return db
    .select({
      month,
      courseTitle: courses.title,
      course: enrollments.course,
      amount: sql<number>`sum(${payments.amount})::bigint`.mapWith(Number),
      count: sql<number>`count(*)::int`,
    })
    .from(payments)
    .innerJoin(enrollments, eq(enrollments.id, payments.enrollmentId))
    .leftJoin(courses, eq(courses.id, enrollments.courseId))
    .where(
      sql`${payments.paidOn} >= (date_trunc('month', ${today}::date) - make_interval(months => ${months - 1}))::date`,
    )
    .groupBy(month, courses.title, enrollments.course)
    .orderBy(desc(month), courses.title);
}

/* ---------------------------------------------------------------- the trial lesson's funnel */

/** One cell of the trial lesson's funnel (issue 29, ADR 046). Of the trial bookings made in the
 * period (their created_at, Vietnam's calendar):
 * - booked: all of them, cancelled ones included: the funnel starts where a learner chose to come,
 *   and a cancellation is a way of leaving it, counted apart as `cancelled`;
 * - attended: of those, the ones the school marked attended;
 * - enrolled: of those, the ones turned into an enrolment (enrollment_id) that is not cancelled;
 * - paid: of those, the ones whose enrolment the lifecycle calls paid (ADR 033, enrollmentStage:
 *   payment_status 'paid' on an enrolment that is not cancelled; a refunded one is not).
 * Each stage is a subset of the one before, so no count exceeds the one before it. A booking's
 * status is today's: a recent month still has bookings that are neither attended nor missed. */
export interface TrialFunnelCounts {
  booked: number;
  attended: number;
  enrolled: number;
  paid: number;
  cancelled: number;
}

export interface TrialFunnel {
  /** Per month ("YYYY-MM") and source, the months in order and the sources by name. */
  cells: (TrialFunnelCounts & { month: string; source: string })[];
  /** Per month, all sources together. */
  months: (TrialFunnelCounts & { month: string })[];
  /** Per source, the whole period. */
  sources: (TrialFunnelCounts & { source: string })[];
  total: TrialFunnelCounts;
}

/** The trial funnel over the range, per month and source, with the subtotals and the total
 * from the same query (grouping sets): each level is counted by the database, not added up here. */
export async function getTrialFunnel(db: Db, range: AnalyticsRange): Promise<TrialFunnel> {
  const result = await rows<{
    month: string | null;
    source: string | null;
    monthTotal: number;
    sourceTotal: number;
    booked: unknown;
    attended: unknown;
    enrolled: unknown;
    paid: unknown;
    cancelled: unknown;
  }>(
    db,
    sql`with trials as (
          select to_char(${localDay("b.created_at")}, 'YYYY-MM') as month, b.source, b.status,
            b.status = 'attended' and e.id is not null and e.status <> 'cancelled' as enrolled,
            e.payment_status = 'paid' as fee_paid
          from trial_bookings b left join enrollments e on e.id = b.enrollment_id
          where ${within(range, "b.created_at")}
        )
        select month, source, grouping(month) as "monthTotal", grouping(source) as "sourceTotal",
          count(*) as booked,
          count(*) filter (where status = 'attended') as attended,
          count(*) filter (where enrolled) as enrolled,
          count(*) filter (where enrolled and fee_paid) as paid,
          count(*) filter (where status = 'cancelled') as cancelled
        from trials
        group by grouping sets ((month, source), (month), (source), ())
        order by month, source`,
  );
  const counts = (row: (typeof result)[number]): TrialFunnelCounts => ({
    booked: num(row.booked),
    attended: num(row.attended),
    enrolled: num(row.enrolled),
    paid: num(row.paid),
    cancelled: num(row.cancelled),
  });
  const funnel: TrialFunnel = {
    cells: [],
    months: [],
    sources: [],
    total: { booked: 0, attended: 0, enrolled: 0, paid: 0, cancelled: 0 },
  };
  for (const row of result) {
    const byMonth = num(row.monthTotal) === 0;
    const bySource = num(row.sourceTotal) === 0;
    if (byMonth && bySource) funnel.cells.push({ month: row.month!, source: row.source!, ...counts(row) });
    else if (byMonth) funnel.months.push({ month: row.month!, ...counts(row) });
    else if (bySource) funnel.sources.push({ source: row.source!, ...counts(row) });
    else funnel.total = counts(row);
  }
  return funnel;
}
