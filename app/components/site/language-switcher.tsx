import type { FormEvent } from "react";
import { Form, useLocation, useSubmit } from "react-router";
import { useLanguageTargets } from "~/components/site/use-localized-path";
import { isLanguage, languages } from "~/i18n/language";
import { loadLanguage } from "~/i18n/load.client";
import { useTranslation } from "~/i18n/react";

/** A plain form (works without JavaScript); with JavaScript the new texts are loaded before the
 * page re-renders, so it never shows half-translated. On a public page it leads to the same
 * page's address in the chosen language (ADR 032); the server stores the choice either way. */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const submit = useSubmit();
  const targets = useLanguageTargets();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const language = submitter?.value;
    if (!isLanguage(language)) return;
    const form = event.currentTarget;
    await loadLanguage(language);
    const formData = new FormData(form);
    formData.set("language", language);
    await submit(formData, { method: "post", action: "/api/language", preventScrollReset: true });
  };

  return (
    <Form
      method="post"
      action="/api/language"
      onSubmit={onSubmit}
      className={`flex items-center gap-1 ${className}`}
      aria-label={t("language.label")}
    >
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {languages.map((language) => (
        <input key={language} type="hidden" name={`redirectTo-${language}`} value={targets[language]} />
      ))}
      {languages.map((language) => {
        const current = i18n.language === language;
        return (
          <button
            key={language}
            type="submit"
            name="language"
            value={language}
            aria-pressed={current}
            title={t(`language.${language}`)}
            className={`rounded-md px-2 py-1 text-xs font-semibold uppercase ${
              current ? "bg-blue-700 text-white" : "text-slate-700 hover:bg-slate-100"
            }`}
          >
            <span aria-hidden="true">{language}</span>
            <span className="sr-only">{t(`language.${language}`)}</span>
          </button>
        );
      })}
    </Form>
  );
}
