import { ChevronDown } from "lucide-react";
import { Link, NavLink, useRouteLoaderData } from "react-router";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { Drawer } from "~/components/ui/drawer";
import { useTranslation } from "~/i18n/react";
import type { ContactChannel } from "~/lib/contact-links";
import type { loader as rootLoader } from "~/root";
import { ContactButton } from "./contact-button";
import { DisclosureMenu } from "./disclosure-menu";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { moreNavigation, primaryNavigation } from "./navigation";
import { UserMenu } from "./user-menu";

// The public header avoids a component library: a disclosure list and the native <dialog>
// are accessible on their own and keep the home page within its JavaScript budget
// (docs/decisions/005-public-header-without-radix.md).

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "text-blue-700" : "text-slate-700 hover:text-blue-700"}`;

export function SiteHeader({ contactChannels }: { contactChannels: ContactChannel[] }) {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo />
        <nav aria-label={t("nav.main")} className="hidden items-center gap-1 lg:flex">
          {primaryNavigation.map((item) => (
            <NavLink key={item.to} to={localize(item.to)} end={item.to === "/"} className={navLinkClass}>
              {t(item.label)}
            </NavLink>
          ))}
          <MoreMenu />
        </nav>
        <div className="hidden items-center gap-3 lg:flex">
          <LanguageSwitcher />
          <AccountLinks />
        </div>
        <div className="flex items-center gap-2 xl:hidden">
          <ContactButton channels={contactChannels} placement="header" />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

/** spec §2: the "More" dropdown with About and Blog (WAI disclosure navigation pattern). */
function MoreMenu() {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  return (
    <DisclosureMenu
      trigger={(open) => (
        <>
          {t("nav.more")}
          <ChevronDown
            aria-hidden="true"
            className={`size-4 transition-transform ${open ? "rotate-180" : ""}`}
          />
        </>
      )}
      buttonClassName="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-blue-700"
      listClassName="left-0 min-w-44"
    >
      {moreNavigation.map((item) => (
        <li key={item.to}>
          <NavLink
            to={localize(item.to)}
            className={({ isActive }) =>
              `block rounded-md px-3 py-2 text-sm ${isActive ? "bg-blue-50 text-blue-800" : "text-slate-700 hover:bg-slate-50"}`
            }
          >
            {t(item.label)}
          </NavLink>
        </li>
      ))}
    </DisclosureMenu>
  );
}

function AccountLinks() {
  const { t } = useTranslation();
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user;
  if (user) return <UserMenu user={user} />;
  return (
    <div className="flex items-center gap-2">
      <Link
        to="/login"
        className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-blue-700"
      >
        {t("nav.login")}
      </Link>
      <Link
        to="/signup"
        className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800"
      >
        {t("nav.signup")}
      </Link>
    </div>
  );
}

/** The header's links in a slide-in panel, below the desktop breakpoint. */
function MobileMenu() {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  return (
    <Drawer
      title={t("nav.menu")}
      openLabel={t("nav.openMenu")}
      closeLabel={t("nav.closeMenu")}
      side="right"
      className="w-80"
    >
      {(close) => (
        <div className="flex flex-col gap-6 p-6">
          <nav aria-label={t("nav.main")} className="flex flex-col">
            {[...primaryNavigation, ...moreNavigation].map((item) => (
              <NavLink
                key={item.to}
                to={localize(item.to)}
                end={item.to === "/"}
                onClick={close}
                className={({ isActive }) =>
                  `rounded-md px-3 py-3 text-base font-medium ${isActive ? "bg-blue-50 text-blue-800" : "text-slate-800 hover:bg-slate-50"}`
                }
              >
                {t(item.label)}
              </NavLink>
            ))}
          </nav>
          <LanguageSwitcher />
          <AccountLinks />
        </div>
      )}
    </Drawer>
  );
}
