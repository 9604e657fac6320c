// The six tabs of the admin about page (spec §2 Admin layout). The open tab is in the URL
// (?tab=team), so a reload, a link or Back shows the same tab, and it works without JavaScript.
import { Link, useLocation } from "react-router";
import { useTranslation } from "~/i18n/react";
import { type AboutListKind, aboutListKinds } from "~/schemas/about";

export const aboutTabs = ["general", "stats", ...aboutListKinds] as const;
export type AboutTab = (typeof aboutTabs)[number];

export function isAboutListKind(value: unknown): value is AboutListKind {
  return (aboutListKinds as readonly unknown[]).includes(value);
}

/** The tab a URL asks for; a dialog's kind opens its list; otherwise the general info. */
export function readAboutTab(url: string | URL): AboutTab {
  const params = new URL(url, "http://x").searchParams;
  const tab = params.get("tab");
  if ((aboutTabs as readonly (string | null)[]).includes(tab)) return tab as AboutTab;
  const kind = params.get("kind");
  return isAboutListKind(kind) ? kind : "general";
}

export function AboutTabsNav({ current }: { current: AboutTab }) {
  const { t } = useTranslation("admin-about");
  const location = useLocation();
  return (
    <nav aria-label={t("tabs.label")} className="flex flex-wrap gap-2 border-b border-slate-200 pb-3">
      {aboutTabs.map((tab) => (
        <Link
          key={tab}
          to={`${location.pathname}?tab=${tab}`}
          preventScrollReset
          aria-current={current === tab ? "page" : undefined}
          className={`rounded-lg px-4 py-2 text-sm font-semibold ${
            current === tab
              ? "bg-blue-700 text-white"
              : "bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
          }`}
        >
          {t(`tabs.${tab}`)}
        </Link>
      ))}
    </nav>
  );
}
