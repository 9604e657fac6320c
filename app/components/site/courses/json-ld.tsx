import { useLocation, useRouteLoaderData } from "react-router";
import { useNonce } from "~/components/nonce";
import { useTranslation } from "~/i18n/react";
import { jsonForScript } from "~/lib/script-json";
import type { loader as rootLoader } from "~/root";

/**
 * Structured data for search engines (schema.org), with this response's CSP nonce. It is built on
 * the server only: a page passes `data={import.meta.env.SSR ? build(…) : undefined}`. Vite
 * replaces `import.meta.env.SSR` with `false` in the browser's build, so the builder and what
 * only it uses are left out of the page's scripts (ADR 065). Crawlers read the page as the server
 * sent it; when the page hydrates, React leaves the content of an element it fills with
 * `dangerouslySetInnerHTML` alone, so the script the server wrote stays. A navigation to another
 * address makes a new, empty script rather than keeping the last page's (the key).
 */
export function JsonLd({ data }: { data: object | undefined }) {
  const nonce = useNonce();
  const { pathname } = useLocation();
  return (
    <script
      key={pathname}
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped (jsonForScript)
      dangerouslySetInnerHTML={{ __html: data ? jsonForScript(data) : "" }}
    />
  );
}

/** The site's public base URL (root loader's APP_URL) and brand name, for structured data. */
export function useSiteIdentity() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { t } = useTranslation();
  // The page's language: the addresses in its structured data are that language's (ADR 032).
  return { url: root?.appUrl ?? "", name: t("brand.name"), language: root?.language };
}
