import { Outlet, redirect } from "react-router";
import type { RouteHandle } from "~/components/live-updates";
import { ContactButton } from "~/components/site/contact-button";
import { SiteFooter } from "~/components/site/footer";
import { SiteHeader } from "~/components/site/header";
import { readShared } from "~/db/shared-reads.server";
import { cookieLanguage } from "~/i18n/language";
import { useTranslation } from "~/i18n/react";
import { contactChannels } from "~/lib/contact-links";
import { preferredLanguageRedirect } from "~/lib/localized-path";
import { getContactConfig } from "~/models/contact-config.server";
import { requestLanguage } from "~/requests/request-language";
import type { Route } from "./+types/layout";

export const handle = { liveTopics: ["contacts"] } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  // A page load of a Vietnamese address with an English or German preference was redirected by
  // the host already (server/app.ts); this catches a client-side navigation to one, from a page
  // with one address for every language (admin, account).
  const preferred = cookieLanguage(request.headers.get("Cookie"));
  if (preferred) {
    const url = new URL(request.url);
    const target = preferredLanguageRedirect(url.pathname + url.search, preferred);
    if (target) throw redirect(target, { headers: { Vary: "Cookie", "Cache-Control": "no-store" } });
  }
  const language = requestLanguage(request);
  const contact = await readShared(context, `contact:${language}`, handle.liveTopics, () =>
    getContactConfig(context.db, language),
  );
  return { contact, contactChannels: contactChannels(contact) };
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
      <SiteHeader contactChannels={loaderData.contactChannels} />
      <div className="flex-1">
        <Outlet />
        <ContactButton channels={loaderData.contactChannels} placement="floating" />
      </div>
      <SiteFooter contact={loaderData.contact} />
    </div>
  );
}
