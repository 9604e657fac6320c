import { Link } from "react-router";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { useTranslation } from "~/i18n/react";

export function Logo({ inverted = false }: { inverted?: boolean }) {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  return (
    <Link to={localize("/")} className="flex items-center gap-2" aria-label={t("brand.homeLink")}>
      <img src="/favicon.svg" alt="" width={36} height={36} className="size-9" />
      <span className={`text-xl font-bold tracking-tight ${inverted ? "text-white" : "text-slate-900"}`}>
        {t("brand.name")}
      </span>
    </Link>
  );
}
