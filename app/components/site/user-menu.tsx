import { ChevronDown, LayoutDashboard, LogOut, UserCircle } from "lucide-react";
import { Form, Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import { DisclosureMenu } from "./disclosure-menu";
import { UserAvatar } from "./user-avatar";

export interface HeaderUser {
  name: string;
  image: string | null;
  /** The admin panel's page the person lands on (their role's first); none for a learner. */
  adminHref: string | null;
}

/** spec §2: a greeting and a menu with Profile, Admin panel (staff only) and Logout. */
export function UserMenu({ user }: { user: HeaderUser }) {
  const { t } = useTranslation();

  const itemClass =
    "flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-50";
  return (
    <DisclosureMenu
      trigger={() => (
        <>
          <UserAvatar name={user.name} image={user.image} size="size-8" />
          <span>{t("account.greeting", { name: user.name })}</span>
          <ChevronDown aria-hidden="true" className="size-4" />
        </>
      )}
      buttonClassName="inline-flex items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100"
      listClassName="right-0 min-w-52"
    >
      {[
        { to: "/profile", Icon: UserCircle, label: t("account.profile"), shown: true },
        {
          to: user.adminHref ?? "",
          Icon: LayoutDashboard,
          label: t("account.admin"),
          shown: !!user.adminHref,
        },
      ]
        .filter((item) => item.shown)
        .map(({ to, Icon, label }) => (
          <li key={to}>
            <Link to={to} className={itemClass}>
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </Link>
          </li>
        ))}
      <li>
        <Form method="post" action="/logout">
          <button type="submit" className={itemClass}>
            <LogOut aria-hidden="true" className="size-4" />
            {t("account.logout")}
          </button>
        </Form>
      </li>
    </DisclosureMenu>
  );
}
