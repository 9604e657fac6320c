import { Link } from "react-router";
import { useTranslation } from "~/i18n/react";

/** The title and purpose of a page whose content is not built yet. */
export function PagePlaceholder({ page }: { page: string }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">{t(`${page}.title`)}</h1>
      <p className="mt-4 text-lg text-slate-700">{t(`${page}.description`)}</p>
      <p className="mt-8">
        <Link to="/enroll" className="font-semibold text-blue-700 underline">
          {t("nav.enroll")}
        </Link>
      </p>
    </main>
  );
}
