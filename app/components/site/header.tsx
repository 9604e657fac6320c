import { ChevronDown, Menu, X } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Link, NavLink, useLocation, useRouteLoaderData } from "react-router";
import { useTranslation } from "~/i18n/react";
import type { loader as rootLoader } from "~/root";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { moreNavigation, primaryNavigation } from "./navigation";
import { useDisclosure } from "./use-disclosure";
import { UserMenu } from "./user-menu";

// The public header avoids a component library: a disclosure list and the native <dialog>
// are accessible on their own and keep the home page within its JavaScript budget
// (docs/decisions/005-public-header-without-radix.md).

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "text-blue-700" : "text-slate-700 hover:text-blue-700"}`;

export function SiteHeader() {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo />
        <nav aria-label={t("nav.main")} className="hidden items-center gap-1 lg:flex">
          {primaryNavigation.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === "/"} className={navLinkClass}>
              {t(item.label)}
            </NavLink>
          ))}
          <MoreMenu />
        </nav>
        <div className="hidden items-center gap-3 lg:flex">
          <LanguageSwitcher />
          <AccountLinks />
        </div>
        <MobileMenu />
      </div>
    </header>
  );
}

/** spec §2: the "More" dropdown with About and Blog (WAI disclosure navigation pattern). */
function MoreMenu() {
  const { t } = useTranslation();
  const { open, setOpen, container, button } = useDisclosure<HTMLDivElement, HTMLButtonElement>();
  const listId = useId();

  return (
    <div ref={container} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-blue-700"
      >
        {t("nav.more")}
        <ChevronDown
          aria-hidden="true"
          className={`size-4 transition-transform ${open ? "rotate-180" : ""}`}
        />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute left-0 top-full z-50 mt-1 min-w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
      >
        {moreNavigation.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              className={({ isActive }) =>
                `block rounded-md px-3 py-2 text-sm ${isActive ? "bg-blue-50 text-blue-800" : "text-slate-700 hover:bg-slate-50"}`
              }
            >
              {t(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
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

/** A slide-in panel on the native modal <dialog>: focus is trapped, Escape closes it and the
 * page behind is inert, all by the browser. */
function MobileMenu() {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  const titleId = useId();

  // The page the menu was opened on. React Router renders a navigation in a transition, after
  // the address bar has changed: on a slow phone a tap on the menu button can land in between,
  // and closing "after each navigation" would then shut the menu just opened on the new page.
  const openedOn = useRef<string | null>(null);
  useEffect(() => {
    if (openedOn.current !== location.pathname) dialog.current?.close();
  }, [location.pathname]);

  return (
    <>
      <button
        type="button"
        onClick={() => {
          openedOn.current = window.location.pathname;
          dialog.current?.showModal();
        }}
        className="rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
        aria-label={t("nav.openMenu")}
        aria-haspopup="dialog"
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes a modal dialog natively; the click is the backdrop's */}
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onClick={(event) => {
          // A click on the backdrop (the dialog element itself, outside the panel) closes it.
          if (event.target === dialog.current) dialog.current.close();
        }}
        className="fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-80 max-w-[85vw] bg-white p-0 shadow-xl backdrop:bg-slate-900/40"
      >
        <div className="flex h-full flex-col gap-6 overflow-y-auto p-6">
          <div className="flex items-center justify-between">
            <h2 id={titleId} className="text-lg font-semibold">
              {t("nav.menu")}
            </h2>
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className="rounded-md p-2 hover:bg-slate-100"
              aria-label={t("nav.closeMenu")}
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <nav aria-label={t("nav.main")} className="flex flex-col">
            {[...primaryNavigation, ...moreNavigation].map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.to === "/"}
                onClick={() => dialog.current?.close()}
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
      </dialog>
    </>
  );
}
