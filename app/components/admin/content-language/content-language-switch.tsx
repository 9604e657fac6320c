// The editor's language switch (VI · EN · DE, ADR 032): links to the same dialog in another
// language (`?lang=en`), so the choice lives in the URL like the dialog itself and works without
// JavaScript. English and German carry a badge saying how much is translated.
import { Link, useLocation } from "react-router";
import { defaultLanguage, type Language, languages } from "~/i18n/language";
import { useTranslation } from "~/i18n/react";
import { EDIT_LANGUAGE_PARAM, isTranslationLanguage, type TranslationLanguage } from "~/lib/content-language";

type Progress = "complete" | "partial" | "missing";

const badgeClass: Record<Progress, string> = {
  complete: "bg-green-100 text-green-800",
  partial: "bg-amber-100 text-amber-900",
  missing: "bg-slate-100 text-slate-700",
};

/** The same URL with the editing language set (Vietnamese: the parameter removed). */
export function editLanguageHref(search: string, language: Language) {
  const params = new URLSearchParams(search);
  if (language === defaultLanguage) params.delete(EDIT_LANGUAGE_PARAM);
  else params.set(EDIT_LANGUAGE_PARAM, language);
  params.delete("done");
  return `?${params}`;
}

export function ContentLanguageSwitch({
  current,
  progress,
}: {
  current: Language;
  /** How far each translation is; new items (nothing to translate yet) pass none and get only
   * the Vietnamese tab. */
  progress?: Record<TranslationLanguage, Progress>;
}) {
  const { t } = useTranslation("content-language");
  const location = useLocation();
  const shown = progress ? languages : [defaultLanguage];
  return (
    <nav aria-label={t("switch.label")} className="flex flex-wrap gap-1 rounded-lg bg-slate-50 p-1">
      {shown.map((language) => {
        const state = isTranslationLanguage(language) ? progress?.[language] : undefined;
        return (
          <Link
            key={language}
            to={editLanguageHref(location.search, language)}
            replace
            preventScrollReset
            aria-current={language === current ? "page" : undefined}
            className="inline-flex min-h-11 items-center gap-2 rounded-md px-3 text-sm font-semibold text-slate-700 hover:bg-white aria-[current=page]:bg-white aria-[current=page]:text-blue-800 aria-[current=page]:shadow-sm"
          >
            <span aria-hidden="true">{t(`short.${language}`)}</span>
            <span className="sr-only">{t(`names.${language}`)}</span>
            {state && (
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${badgeClass[state]}`}>
                {t(`switch.${state}`)}
              </span>
            )}
          </Link>
        );
      })}
    </nav>
  );
}

/** A list cell naming the languages an item is written in: VI EN DE, the missing ones struck
 * through and announced as missing. */
export function ContentLanguageBadges({ present }: { present: readonly Language[] }) {
  const { t } = useTranslation("content-language");
  return (
    <ul className="flex gap-1 text-xs font-semibold">
      {languages.map((language) => {
        const has = present.includes(language);
        const name = t(`names.${language}`);
        return (
          <li
            key={language}
            className={
              has
                ? "rounded bg-blue-50 px-1.5 py-0.5 text-blue-800"
                : "rounded px-1.5 py-0.5 text-slate-500 line-through"
            }
          >
            <span aria-hidden="true">{t(`short.${language}`)}</span>
            <span className="sr-only">
              {has ? t("has", { language: name }) : t("lacks", { language: name })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** The hint under a translated field: what the Vietnamese original says. */
export function OriginalTextHint({ text }: { text: string }) {
  const { t } = useTranslation("content-language");
  if (!text.trim()) return null;
  // Only the quoted original is Vietnamese; the label around it is in the interface's language.
  const [before, after = ""] = t("original", { text: "\u0000" }).split("\u0000");
  return (
    <span>
      {before}
      <span lang="vi">{text}</span>
      {after}
    </span>
  );
}
