// The page a newsletter mail's link opens (confirm, unsubscribe): its title, what the link does or
// did, and the way back to the blog.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { useTranslation } from "~/i18n/react";

export function NewsletterLinkPage({ title, children }: { title: string; children: ReactNode }) {
  const localize = useLocalizedPath();
  const { t } = useTranslation("newsletter");
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold">{title}</h1>
      <div className="mt-6 space-y-6">
        {children}
        <p>
          <Link to={localize("/blog")} className="font-semibold text-blue-700 underline">
            {t("backToBlog")}
          </Link>
        </p>
      </div>
    </main>
  );
}
