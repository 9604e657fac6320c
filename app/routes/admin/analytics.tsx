import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { type AdminHandle, adminOnly, unknownIntent } from "~/components/admin/admin-page";
import { BarList, WeeklyColumns } from "~/components/admin/analytics/charts";
import { TextField } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import type { TFunction } from "~/i18n/translator";
import { formatDateVi } from "~/lib/format";
import { getAnalytics } from "~/models/analytics.server";
import {
  mondayOf,
  PROMISED_RESPONSE_SECONDS,
  parseAnalyticsRange,
  todayInVietnam,
} from "~/schemas/analytics";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/analytics";

export const handle: AdminHandle = {
  adminTitle: "pages.analytics.title",
  liveTopics: ["enrollments", "messages", "posts", "newsletter"],
};

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin:pages.analytics");

export async function loader(args: Route.LoaderArgs) {
  await adminOnly(args);
  const range = parseAnalyticsRange(new URL(args.request.url).searchParams);
  return { analytics: await getAnalytics(args.context.db, range), today: todayInVietnam() };
}

export async function action(args: Route.ActionArgs) {
  await adminOnly(args);
  unknownIntent();
}

/** "2,5 giờ", "45 phút": a duration an administrator reads at a glance. */
function formatDuration(seconds: number, t: TFunction) {
  if (seconds < 3600) return t("duration.minutes", { count: Math.max(1, Math.round(seconds / 60)) });
  const hours = Math.round((seconds / 3600) * 10) / 10;
  return t("duration.hours", { count: hours, hours: hours.toLocaleString("vi-VN") });
}

const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : "—");

function addDays(day: string, days: number) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-analytics");
  const { t: te } = useTranslation("enroll");
  const { analytics: a, today } = loaderData;
  const weekLabel = (week: string) => formatDateVi(`${week}T12:00:00+07:00`).slice(0, 5);
  const courseLabel = (key: string) => (key === "consultation" ? te("form.consultation") : key.toUpperCase());
  const presets = [
    { weeks: 4, label: t("range.weeks", { count: 4 }) },
    { weeks: 12, label: t("range.weeks", { count: 12 }) },
    { weeks: 26, label: t("range.months", { count: 6 }) },
    { weeks: 52, label: t("range.months", { count: 12 }) },
  ];
  const funnelSteps = [
    { key: "total", label: t("funnel.new"), value: a.funnel.total, previous: undefined },
    { key: "contacted", label: t("funnel.contacted"), value: a.funnel.contacted, previous: a.funnel.total },
    { key: "trial", label: t("funnel.trial"), value: a.funnel.trial, previous: a.funnel.contacted },
    { key: "enrolled", label: t("funnel.enrolled"), value: a.funnel.enrolled, previous: a.funnel.trial },
  ];
  const median = a.responses.medianSeconds;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{t("title")}</h1>

      <section
        aria-labelledby="range-heading"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="range-heading" className="text-lg font-bold text-slate-900">
          {t("range.heading")}
        </h2>
        <p className="mb-3 text-sm text-slate-700">
          {t("range.current", {
            from: formatDateVi(`${a.range.from}T12:00:00+07:00`),
            to: formatDateVi(`${a.range.to}T12:00:00+07:00`),
          })}
        </p>
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <div className="w-44">
            <TextField
              label={t("range.from")}
              type="date"
              name="from"
              defaultValue={a.range.from}
              key={`f${a.range.from}`}
            />
          </div>
          <div className="w-44">
            <TextField
              label={t("range.to")}
              type="date"
              name="to"
              defaultValue={a.range.to}
              key={`t${a.range.to}`}
            />
          </div>
          <Button type="submit" variant="secondary">
            {t("range.apply")}
          </Button>
        </Form>
        <nav aria-label={t("range.presets")} className="mt-3 flex flex-wrap gap-2">
          {presets.map((preset) => (
            <Link
              key={preset.weeks}
              to={`?from=${addDays(mondayOf(today), -7 * (preset.weeks - 1))}&to=${today}`}
              className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-200"
            >
              {preset.label}
            </Link>
          ))}
        </nav>
      </section>

      <Card id="enrolments-heading" title={t("enrollments.heading")}>
        <WeeklyColumns
          caption={t("enrollments.heading")}
          headers={[t("week"), t("enrollments.count")]}
          weeks={a.enrollmentsPerWeek}
          formatWeek={weekLabel}
        />
      </Card>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card id="course-heading" title={t("enrollments.byCourse")}>
          <BarList
            caption={t("enrollments.byCourse")}
            headers={[t("course"), t("enrollments.count")]}
            items={a.byCourse.map((x) => ({ label: courseLabel(x.key), value: x.count }))}
            empty={t("empty")}
          />
        </Card>
        <Card id="schedule-heading" title={t("enrollments.bySchedule")}>
          <BarList
            caption={t("enrollments.bySchedule")}
            headers={[t("schedule"), t("enrollments.count")]}
            items={a.bySchedule.map((x) => ({
              label: te(`schedules.${x.key}`, { defaultValue: x.key }),
              value: x.count,
            }))}
            empty={t("empty")}
          />
        </Card>
        <Card id="source-heading" title={t("enrollments.bySource")}>
          <BarList
            caption={t("enrollments.bySource")}
            headers={[t("source"), t("enrollments.count")]}
            items={a.bySource.map((x) => ({
              label: x.key ? te(`hearAbout.${x.key}`, { defaultValue: x.key }) : t("notGiven"),
              value: x.count,
            }))}
            empty={t("empty")}
          />
        </Card>
      </div>

      <Card id="funnel-heading" title={t("funnel.heading")}>
        <p className="mb-3 text-sm text-slate-700">{t("funnel.intro")}</p>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("funnel.heading")}</caption>
          <thead className="border-b border-slate-200 text-slate-700">
            <tr>
              <th scope="col" className="py-2 pr-3">
                {t("funnel.step")}
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                {t("enrollments.count")}
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                {t("funnel.fromPrevious")}
              </th>
              <th scope="col" className="py-2 text-right">
                {t("funnel.fromStart")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {funnelSteps.map((step) => (
              <tr key={step.key}>
                <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                  {step.label}
                  <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-slate-100">
                    <div
                      className="h-2 rounded-full bg-emerald-700"
                      style={{ width: `${a.funnel.total ? (step.value / a.funnel.total) * 100 : 0}%` }}
                    />
                  </div>
                </th>
                <td className="py-2 pr-3 text-right font-semibold">{step.value}</td>
                <td className="py-2 pr-3 text-right">
                  {step.previous === undefined ? "—" : percent(step.value, step.previous)}
                </td>
                <td className="py-2 text-right">{percent(step.value, a.funnel.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-sm text-slate-700">{t("funnel.cancelled", { count: a.funnel.cancelled })}</p>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card id="messages-heading" title={t("messages.heading")}>
          <WeeklyColumns
            caption={t("messages.heading")}
            headers={[t("week"), t("messages.count")]}
            weeks={a.messagesPerWeek}
            formatWeek={weekLabel}
          />
        </Card>
        <Card id="response-heading" title={t("response.heading")}>
          <dl className="grid grid-cols-2 gap-4">
            <div>
              <dt className="text-sm text-slate-700">{t("response.median")}</dt>
              <dd className="text-2xl font-bold text-slate-900">
                {median === null ? "—" : formatDuration(median, t)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-700">{t("response.promise")}</dt>
              <dd className="text-2xl font-bold text-slate-900">
                {formatDuration(PROMISED_RESPONSE_SECONDS, t)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-700">{t("response.answered")}</dt>
              <dd className="text-lg font-semibold text-slate-900">
                {a.responses.answered}/{a.responses.total}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-700">{t("response.withinPromise")}</dt>
              <dd className="text-lg font-semibold text-slate-900">
                {percent(a.responses.withinPromise, a.responses.answered)}
              </dd>
            </div>
          </dl>
          {median !== null && (
            <p
              className={`mt-3 text-sm font-medium ${median <= PROMISED_RESPONSE_SECONDS ? "text-green-800" : "text-red-800"}`}
            >
              {median <= PROMISED_RESPONSE_SECONDS ? t("response.kept") : t("response.missed")}
            </p>
          )}
        </Card>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card id="posts-heading" title={t("posts.heading")}>
          {a.topPosts.length === 0 ? (
            <p className="py-4 text-slate-600">{t("empty")}</p>
          ) : (
            <ol className="space-y-2">
              {a.topPosts.map((post, index) => (
                <li key={post.id} className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="min-w-0">
                    <span className="mr-2 font-semibold text-slate-600">{index + 1}.</span>
                    <a href={`/blog/${post.slug}`} className="font-medium text-blue-800 underline">
                      {post.title}
                    </a>
                  </span>
                  <span className="shrink-0 text-slate-800">
                    {t("posts.views", { count: post.views })}{" "}
                    <span className="text-slate-600">({t("posts.total", { count: post.total })})</span>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Card>
        <Card id="newsletter-heading" title={t("newsletter.heading")}>
          <WeeklyColumns
            caption={t("newsletter.heading")}
            headers={[t("week"), t("newsletter.count")]}
            weeks={a.newsletterPerWeek}
            formatWeek={weekLabel}
          />
        </Card>
      </div>
    </div>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id={id} className="mb-4 text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
