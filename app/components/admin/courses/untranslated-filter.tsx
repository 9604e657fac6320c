// The list filter "Chưa dịch sang EN/DE" (ADR 032): links setting `?untranslated=`, so the
// filter lives in the URL like the dialogs and works without JavaScript.
import { Link, useLocation } from "react-router";
import { useTranslation } from "~/i18n/react";
import { type TranslationLanguage, UNTRANSLATED_PARAM } from "~/lib/content-language";

const choices = [
  { value: undefined, key: "filter.all" },
  { value: "en", key: "filter.untranslatedEn" },
  { value: "de", key: "filter.untranslatedDe" },
] as const;

function filterHref(search: string, value: TranslationLanguage | undefined) {
  const params = new URLSearchParams(search);
  if (value) params.set(UNTRANSLATED_PARAM, value);
  else params.delete(UNTRANSLATED_PARAM);
  params.delete("done");
  return `?${params}`;
}

export function UntranslatedFilter({ current }: { current: TranslationLanguage | undefined }) {
  const { t } = useTranslation("content-language");
  const location = useLocation();
  return (
    <nav aria-label={t("filter.label")} className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium text-slate-700" aria-hidden="true">
        {t("filter.label")}:
      </span>
      {choices.map((choice) => (
        <Link
          key={choice.key}
          to={filterHref(location.search, choice.value)}
          preventScrollReset
          aria-current={choice.value === current ? "page" : undefined}
          className="inline-flex min-h-11 items-center rounded-full px-3 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 aria-[current=page]:bg-blue-700 aria-[current=page]:text-white aria-[current=page]:ring-blue-700"
        >
          {t(choice.key)}
        </Link>
      ))}
    </nav>
  );
}
