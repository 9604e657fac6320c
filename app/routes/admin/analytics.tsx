import { staffOnly } from "~/auth/staff-guard.server";
import type { AdminHandle } from "~/components/admin/admin-page";
import { ClassAttendanceTable, LearnersToCallTable } from "~/components/admin/analytics/attendance-tables";
import { AnalyticsCard } from "~/components/admin/analytics/card";
import { BarList, WeeklyColumns } from "~/components/admin/analytics/charts";
import { FunnelTable } from "~/components/admin/analytics/funnel-table";
import { RangePicker } from "~/components/admin/analytics/range-picker";
import { ResponseTimes } from "~/components/admin/analytics/response-times";
import { RevenueTable } from "~/components/admin/analytics/revenue-table";
import { TopPosts } from "~/components/admin/analytics/top-posts";
import { TrialFunnelTable } from "~/components/admin/analytics/trial-funnel-table";
import { ClassFillTable } from "~/components/admin/classes/class-fill-table";
import { courseLabel } from "~/components/admin/students/labels";
import { useTranslation } from "~/i18n/react";
import { calendarDayInVietnam } from "~/lib/format";
import { getAnalytics, getTrialFunnel, revenueByCourseAndMonth } from "~/models/analytics.server";
import { listClassAttendanceRates, listLearnersToCall } from "~/models/attendance-report.server";
import { listClassFillRates } from "~/models/course-class.server";
import { unknownIntent } from "~/requests/admin-action.server";
import { parseAnalyticsRange } from "~/schemas/analytics";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/analytics";

export const handle: AdminHandle = {
  liveTopics: ["enrollments", "messages", "posts", "newsletter", "classes", "trials"],
};

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin:pages.analytics");

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin/analytics");
  const range = parseAnalyticsRange(new URL(args.request.url).searchParams);
  const today = calendarDayInVietnam();
  const [analytics, trialFunnel, classFill, revenue, attendance, toCall] = await Promise.all([
    getAnalytics(args.context.db, range),
    getTrialFunnel(args.context.db, range),
    listClassFillRates(args.context.db),
    revenueByCourseAndMonth(args.context.db, today),
    listClassAttendanceRates(args.context.db, today),
    listLearnersToCall(args.context.db, today),
  ]);
  return { analytics, trialFunnel, classFill, revenue, attendance, toCall, today };
}

export async function action(args: Route.ActionArgs) {
  await staffOnly(args, "/admin/analytics");
  unknownIntent();
}

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-analytics");
  const { t: te } = useTranslation("enroll");
  const { analytics: a, trialFunnel, classFill, revenue, attendance, toCall, today } = loaderData;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{t("title")}</h1>
      <RangePicker range={a.range} today={today} />

      <AnalyticsCard id="enrolments-heading" title={t("enrollments.heading")}>
        <WeeklyColumns
          caption={t("enrollments.heading")}
          headers={[t("week"), t("enrollments.count")]}
          weeks={a.enrollmentsPerWeek}
        />
      </AnalyticsCard>

      <div className="grid gap-6 lg:grid-cols-3">
        <AnalyticsCard id="course-heading" title={t("enrollments.byCourse")}>
          <BarList
            caption={t("enrollments.byCourse")}
            headers={[t("course"), t("enrollments.count")]}
            items={a.byCourse.map((x) => ({ label: courseLabel(te, x.key, x.title), value: x.count }))}
            empty={t("empty")}
          />
        </AnalyticsCard>
        <AnalyticsCard id="schedule-heading" title={t("enrollments.bySchedule")}>
          <BarList
            caption={t("enrollments.bySchedule")}
            headers={[t("schedule"), t("enrollments.count")]}
            items={a.bySchedule.map((x) => ({
              label: te(`schedules.${x.key}`, { defaultValue: x.key }),
              value: x.count,
            }))}
            empty={t("empty")}
          />
        </AnalyticsCard>
        <AnalyticsCard id="source-heading" title={t("enrollments.bySource")}>
          <BarList
            caption={t("enrollments.bySource")}
            headers={[t("source"), t("enrollments.count")]}
            items={a.bySource.map((x) => ({
              label: x.key ? te(`hearAbout.${x.key}`, { defaultValue: x.key }) : t("notGiven"),
              value: x.count,
            }))}
            empty={t("empty")}
          />
        </AnalyticsCard>
      </div>

      <FunnelTable funnel={a.funnel} />

      <TrialFunnelTable funnel={trialFunnel} />

      {/* Now, not in the chosen period: a class's seats are what they are today. */}
      <ClassFillTable classes={classFill} />

      {/* Attendance (issue 30): the classes' rates and the learners to call, as of today. */}
      <div className="grid gap-6 lg:grid-cols-2">
        <ClassAttendanceTable classes={attendance} />
        <LearnersToCallTable learners={toCall} />
      </div>

      <RevenueTable rows={revenue} />

      <div className="grid gap-6 lg:grid-cols-2">
        <AnalyticsCard id="messages-heading" title={t("messages.heading")}>
          <WeeklyColumns
            caption={t("messages.heading")}
            headers={[t("week"), t("messages.count")]}
            weeks={a.messagesPerWeek}
          />
        </AnalyticsCard>
        <ResponseTimes responses={a.responses} />
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <TopPosts posts={a.topPosts} />
        <AnalyticsCard id="newsletter-heading" title={t("newsletter.heading")}>
          <WeeklyColumns
            caption={t("newsletter.heading")}
            headers={[t("week"), t("newsletter.count")]}
            weeks={a.newsletterPerWeek}
          />
        </AnalyticsCard>
      </div>
    </div>
  );
}
