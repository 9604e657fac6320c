import {
  Banknote,
  BarChart3,
  BookOpen,
  CalendarCheck,
  CalendarDays,
  ClipboardCheck,
  FileText,
  Images,
  Info,
  LayoutDashboard,
  LogOut,
  Mail,
  School,
  Settings,
  UserCircle,
  Users,
} from "lucide-react";
import { Form, NavLink, Outlet } from "react-router";
import { staffOnly } from "~/auth/staff-guard.server";
import type { RouteHandle } from "~/components/live-updates";
import { ErrorPage } from "~/components/site/error-page";
import { LanguageSwitcher } from "~/components/site/language-switcher";
import { UserAvatar } from "~/components/site/user-avatar";
import { Drawer } from "~/components/ui/drawer";
import { useTranslation } from "~/i18n/react";
import { can, canView, type SidebarPath, sidebarPaths } from "~/lib/permissions";
import { getSidebarCounts } from "~/models/overview.server";
import { unknownIntent } from "~/requests/admin-action.server";
import type { Route } from "./+types/layout";

// spec §2 Admin layout: nine items, the class schedule after the courses (ADR 026), the
// placement test's question bank after them and the free trial lessons after it (issue 29). Their
// order is the permission table's (app/lib/permissions.ts sidebarPaths): each role sees the items
// it may open (ADR 047), and lands on the first.
const items: Record<
  SidebarPath,
  { label: string; Icon: typeof Users; end?: true; badge?: "newEnrollments" | "unreadMessages" }
> = {
  "/admin": { label: "nav.overview", Icon: LayoutDashboard, end: true },
  "/admin/students": { label: "nav.students", Icon: Users, badge: "newEnrollments" },
  "/admin/courses": { label: "nav.courses", Icon: BookOpen },
  "/admin/classes": { label: "admin-classes:nav", Icon: CalendarDays },
  "/admin/my-classes": { label: "admin-workspace:nav", Icon: School },
  "/admin/placement-test": { label: "admin-placement:nav", Icon: ClipboardCheck },
  "/admin/trials": { label: "admin-trials:nav", Icon: CalendarCheck },
  "/admin/about": { label: "nav.about", Icon: Info },
  "/admin/posts": { label: "nav.posts", Icon: FileText },
  "/admin/media": { label: "nav.media", Icon: Images },
  "/admin/payments": { label: "admin-payments:nav", Icon: Banknote },
  "/admin/analytics": { label: "nav.analytics", Icon: BarChart3 },
  "/admin/messages": { label: "nav.messages", Icon: Mail, badge: "unreadMessages" },
  "/admin/profile": { label: "nav.profile", Icon: UserCircle },
  "/admin/settings": { label: "nav.settings", Icon: Settings },
};

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

// The sidebar's badges change with every enrolment and message, on every admin page.
export const handle: RouteHandle = { liveTopics: ["enrollments", "messages"] };

export async function loader(args: Route.LoaderArgs) {
  const staff = await staffOnly(args);
  return {
    admin: { name: staff.name, email: staff.email, image: staff.image },
    sidebar: sidebarPaths.filter((path) => canView(staff.role, path)),
    // Only the counts of what the role may open (a teacher is not told of new enrolments).
    badges: await getSidebarCounts(args.context.db, {
      enrollments: can(staff.role, "students"),
      messages: can(staff.role, "messages"),
    }),
  };
}

/** A POST to /admin itself lands here (the index route needs ?index): guard it like the rest. */
export async function action(args: Route.ActionArgs) {
  await staffOnly(args);
  unknownIntent();
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { admin, badges, sidebar } = loaderData;
  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t("skipToContent")}
      </a>
      <aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:block print:hidden">
        <Sidebar admin={admin} badges={badges} sidebar={sidebar} />
      </aside>
      <div className="min-w-0 flex-1">
        <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-4 lg:px-8 print:hidden">
          <MobileSidebar admin={admin} badges={badges} sidebar={sidebar} />
          {/* The page's title is its own h1, the first thing in <main>: said once, not here again. */}
          <p className="min-w-0 flex-1 text-sm text-slate-600">{t("welcome", { name: admin.name })}</p>
          {/* The admin's own interface language, stored like a visitor's. */}
          <LanguageSwitcher />
        </header>
        <main id="main" className="px-4 py-6 lg:px-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

type Admin = Route.ComponentProps["loaderData"]["admin"];
type Badges = Route.ComponentProps["loaderData"]["badges"];
type SidebarProps = { admin: Admin; badges: Badges; sidebar: readonly SidebarPath[] };

function Sidebar({ admin, badges, sidebar, onNavigate }: SidebarProps & { onNavigate?: () => void }) {
  const { t } = useTranslation("admin");
  // The class schedule's, the placement test's, the trial lessons' and the payments' items are
  // labelled from their own namespaces ("admin-classes:nav", "admin-placement:nav",
  // "admin-trials:nav", "admin-payments:nav", "admin-workspace:nav"): asking for them here sends them with every admin page.
  useTranslation("admin-classes");
  useTranslation("admin-payments");
  useTranslation("admin-placement");
  useTranslation("admin-trials");
  useTranslation("admin-workspace");
  return (
    <div className="flex h-full flex-col">
      <div className="px-5 py-5 text-lg font-bold text-blue-800">{t("title")}</div>
      <nav aria-label={t("nav.label")} className="flex-1 space-y-1 px-3">
        {sidebar.map((to) => {
          const { label, Icon, end, badge } = items[to];
          const count = badge ? badges[badge] : 0;
          return (
            <NavLink
              key={to}
              to={to}
              end={end}
              onClick={onNavigate}
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium ${
                  isActive ? "bg-blue-700 text-white" : "text-slate-700 hover:bg-slate-100"
                }`
              }
            >
              <Icon aria-hidden="true" className="size-5" />
              {t(label)}
              {count > 0 && badge && (
                <span className="ml-auto rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
                  <span aria-hidden="true">{count}</span>
                  <span className="sr-only">{t(`badges.${badge}`, { count })}</span>
                </span>
              )}
            </NavLink>
          );
        })}
      </nav>
      <div className="border-t border-slate-200 p-4">
        <div className="flex items-center gap-3">
          <UserAvatar name={admin.name} image={admin.image} size="size-10" bold />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-slate-900">{admin.name}</p>
            <p className="truncate text-xs text-slate-600">{admin.email}</p>
          </div>
        </div>
        <Form method="post" action="/logout" className="mt-3">
          <button
            type="submit"
            className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            <LogOut aria-hidden="true" className="size-4" />
            {t("logout")}
          </button>
        </Form>
      </div>
    </div>
  );
}

/** The sidebar in a slide-in panel on phones. */
function MobileSidebar(props: SidebarProps) {
  const { t } = useTranslation("admin");
  return (
    <Drawer
      title={t("nav.label")}
      hideTitle
      openLabel={t("openMenu")}
      closeLabel={t("closeMenu")}
      side="left"
      className="w-72"
    >
      {(close) => <Sidebar {...props} onNavigate={close} />}
    </Drawer>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = error && typeof error === "object" && "status" in error ? Number(error.status) : 500;
  return <ErrorPage status={status} />;
}
