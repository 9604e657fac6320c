import { BookOpen, FileText, Mail, UserPlus, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { staffOnly } from "~/auth/staff-guard.server";
import type { AdminHandle } from "~/components/admin/admin-page";
import { MailTroubleBanner } from "~/components/admin/overview/mail-trouble-banner";
import { courseLabel } from "~/components/admin/students/labels";
import { useTranslation } from "~/i18n/react";
import { formatDateVi, formatNumber } from "~/lib/format";
import { getMailTrouble } from "~/mail/outbox.server";
import { getOverview } from "~/models/overview.server";
import { unknownIntent } from "~/requests/admin-action.server";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/overview";

export const handle: AdminHandle = {
  liveTopics: ["enrollments", "messages", "posts", "courses", "outbox"],
};

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin:pages.overview");

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin");
  const [overview, mailTrouble] = await Promise.all([
    getOverview(args.context.db),
    getMailTrouble(args.context.db),
  ]);
  return { ...overview, mailTrouble };
}

export async function action(args: Route.ActionArgs) {
  await staffOnly(args, "/admin");
  unknownIntent();
}

export default function AdminOverview({ loaderData: overview }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("contact");
  const { t: te } = useTranslation("enroll");
  return (
    <div className="space-y-8">
      <h1 className="sr-only">{t("pages.overview.title")}</h1>
      <MailTroubleBanner trouble={overview.mailTrouble} />
      <section aria-labelledby="figures-heading">
        <h2 id="figures-heading" className="mb-4 text-lg font-bold text-slate-900">
          {t("overview.figures")}
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
          {[
            {
              Icon: UserPlus,
              label: t("overview.enrollmentsThisWeek"),
              value: overview.enrollmentsThisWeek,
              detail: t("overview.enrollmentsTotal", { count: overview.enrollmentsTotal }),
              to: "/admin/students",
            },
            {
              Icon: Mail,
              label: t("overview.unreadMessages"),
              value: overview.unreadMessages,
              to: "/admin/messages",
            },
            {
              Icon: FileText,
              label: t("overview.publishedPosts"),
              value: overview.publishedPosts,
              to: "/admin/posts?status=public",
            },
            {
              Icon: FileText,
              label: t("overview.draftPosts"),
              value: overview.draftPosts,
              to: "/admin/posts?status=draft",
            },
            {
              Icon: BookOpen,
              label: t("overview.activeCourses"),
              value: overview.activeCourses,
              to: "/admin/courses",
            },
          ].map(({ Icon, ...figure }) => (
            <Figure key={figure.to} icon={<Icon aria-hidden="true" className="size-6" />} {...figure} />
          ))}
        </dl>
      </section>

      <div className="grid gap-6 xl:grid-cols-2">
        <Latest
          id="latest-enrollments"
          icon={<Users aria-hidden="true" className="size-5" />}
          title={t("overview.latestEnrollments")}
          empty={t("overview.noEnrollments")}
          all={{ to: "/admin/students", label: t("overview.allEnrollments") }}
          items={overview.latestEnrollments.map((enrollment) => ({
            id: enrollment.id,
            to: `/admin/students?id=${enrollment.id}`,
            title: enrollment.fullName,
            detail: courseLabel(te, enrollment.course, enrollment.courseTitle),
            date: enrollment.createdAt,
            highlight: enrollment.status === "new" ? t("overview.new") : undefined,
          }))}
        />
        <Latest
          id="latest-messages"
          icon={<Mail aria-hidden="true" className="size-5" />}
          title={t("overview.latestMessages")}
          empty={t("overview.noMessages")}
          all={{ to: "/admin/messages", label: t("overview.allMessages") }}
          items={overview.latestMessages.map((message) => ({
            id: message.id,
            to: `/admin/messages?id=${message.id}`,
            title: message.name,
            detail: tc(`subjects.${message.subject}`, { defaultValue: message.subject }),
            date: message.createdAt,
            highlight: message.isRead ? undefined : t("overview.unread"),
          }))}
        />
      </div>
    </div>
  );
}

function Figure({
  icon,
  label,
  value,
  detail,
  to,
}: {
  icon: ReactNode;
  label: string;
  value: number;
  detail?: string;
  to: string;
}) {
  const { language } = useTranslation();
  return (
    <div className="relative rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 focus-within:ring-2 focus-within:ring-blue-600 hover:ring-blue-300">
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <span className="text-blue-700">{icon}</span>
        {/* The whole card is the link; its name is the figure's label. */}
        <Link to={to} className="after:absolute after:inset-0 focus:outline-none">
          {label}
        </Link>
      </dt>
      <dd className="mt-2 text-3xl font-bold text-slate-900">{formatNumber(value, language)}</dd>
      {detail && <dd className="mt-1 text-sm text-slate-600">{detail}</dd>}
    </div>
  );
}

function Latest({
  id,
  icon,
  title,
  empty,
  all,
  items,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  empty: string;
  all: { to: string; label: string };
  items: { id: string; to: string; title: string; detail: string; date: Date; highlight?: string }[];
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id={id} className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <span className="text-blue-700">{icon}</span>
          {title}
        </h2>
        <Link to={all.to} className="text-sm font-semibold text-blue-700 underline hover:text-blue-800">
          {all.label}
        </Link>
      </div>
      {items.length === 0 ? (
        <p className="py-6 text-center text-slate-600">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={item.to}
                className="flex items-center justify-between gap-3 rounded-lg px-2 py-3 hover:bg-slate-50"
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900">{item.title}</span>
                  <span className="block truncate text-sm text-slate-600">{item.detail}</span>
                </span>
                <span className="flex shrink-0 flex-col items-end gap-1 text-sm text-slate-600">
                  {formatDateVi(item.date)}
                  {item.highlight && (
                    <span className="rounded-full bg-blue-50 px-2 py-0.5 text-xs font-semibold text-blue-800">
                      {item.highlight}
                    </span>
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
