import { Outlet } from "react-router";
import type { RouteHandle } from "~/components/live-updates";
import { SiteFooter } from "~/components/site/footer";
import { SiteHeader } from "~/components/site/header";
import { useTranslation } from "~/i18n/react";
import { getContactConfig } from "~/models/contact-config.server";
import type { Route } from "./+types/layout";

export const handle: RouteHandle = { liveTopics: ["contacts"] };

export async function loader({ context }: Route.LoaderArgs) {
  return { contact: await getContactConfig(context.db) };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t("nav.skipToContent")}
      </a>
      <SiteHeader />
      <div className="flex-1">
        <Outlet />
      </div>
      <SiteFooter contact={loaderData.contact} />
    </div>
  );
}
