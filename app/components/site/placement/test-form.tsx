// The placement test's form (issue 29): every question in one form, shown one at a time with a
// progress bar when JavaScript runs, and all at once without it; then where to send the result.
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { useTranslation } from "~/i18n/react";
import { PLACEMENT_GAP_MAX_LENGTH } from "~/lib/placement-test";
import type { PlacementQuestionView } from "~/models/placement-test.server";
import { HONEYPOT_FIELD, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "~/schemas/field-limits";
import type { PlacementFormEcho } from "~/schemas/placement-test";

/** What a refused post answers (the page action's data): the errors, and the answers given back. */
export type PlacementFormErrors =
  | {
      fieldErrors?: Record<string, string[] | null>;
      formError?: { key: string; count: number };
      values?: PlacementFormEcho;
    }
  | undefined;

/**
 * One form with every question: without JavaScript it is one page, answered top to bottom; with
 * it, one question at a time with a progress bar (the others are hidden, still in the form, so
 * the post is the same).
 */
export function TestForm({
  questions,
  errors,
}: {
  questions: PlacementQuestionView[];
  errors: PlacementFormErrors;
}) {
  const { t } = useTranslation("placement");
  const submitting = useNavigation().state === "submitting";
  // null: every question at once (the server's render, and a browser without JavaScript).
  const [current, setCurrent] = useState<number | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Errors from the post concern the fields at the end: show them.
    setCurrent(errors ? questions.length : 0);
  }, [errors, questions.length]);
  const total = questions.length;
  const go = (step: number) => {
    setCurrent(step);
    // The next question's heading takes the focus, so a screen reader reads it.
    requestAnimationFrame(() => heading.current?.focus());
  };
  const atEnd = current === null || current >= total;
  const fieldError = (name: string) => errors?.fieldErrors?.[name]?.[0];
  // A refused post's answers, put back (without JavaScript the page is the post's answer).
  const values = errors?.values;
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{t("test.title")}</h1>
      {current === null ? (
        <p className="mt-3 text-slate-700">{t("test.allOnOnePage")}</p>
      ) : (
        <div className="mt-4">
          <label htmlFor="placement-progress" className="text-sm font-medium text-slate-700">
            {t("test.progress", { current: Math.min(current + 1, total), total })}
          </label>
          <progress
            id="placement-progress"
            className="mt-1 block h-2 w-full"
            max={total}
            value={Math.min(current, total)}
            aria-label={t("test.progressLabel")}
          />
        </div>
      )}
      <Form method="post" className="mt-6 space-y-6" noValidate={false}>
        {questions.map((question, index) => {
          const name = `answers.${question.id}`;
          const shown = current === null || current === index;
          return (
            <fieldset
              key={question.id}
              hidden={!shown}
              className="rounded-xl border border-slate-200 bg-white p-5"
            >
              <legend className="sr-only">{t("test.question", { number: index + 1 })}</legend>
              <h2
                ref={current === index ? heading : undefined}
                tabIndex={-1}
                className="text-sm font-semibold uppercase tracking-wide text-blue-800"
              >
                {t("test.question", { number: index + 1 })}
              </h2>
              <p lang="de" className="mt-2 whitespace-pre-line text-lg text-slate-900">
                {question.prompt}
              </p>
              {question.kind === "choice" ? (
                <div className="mt-4 space-y-2">
                  {question.options.map((option) => (
                    <label
                      key={option}
                      className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-4 py-3 hover:bg-slate-50"
                    >
                      <input
                        type="radio"
                        name={name}
                        value={option}
                        defaultChecked={values?.answers[question.id] === option}
                        className="h-4 w-4"
                      />
                      <span lang="de">{option}</span>
                    </label>
                  ))}
                </div>
              ) : (
                <div className="mt-4">
                  <label htmlFor={`gap-${question.id}`} className="block text-sm font-medium text-slate-700">
                    {t("test.gap")}
                  </label>
                  <input
                    id={`gap-${question.id}`}
                    name={name}
                    type="text"
                    lang="de"
                    maxLength={PLACEMENT_GAP_MAX_LENGTH}
                    defaultValue={values?.answers[question.id]}
                    autoComplete="off"
                    autoCapitalize="off"
                    spellCheck={false}
                    className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
                  />
                </div>
              )}
              {current !== null && (
                <div className="mt-5 flex flex-wrap justify-between gap-3">
                  <button
                    type="button"
                    onClick={() => go(index - 1)}
                    disabled={index === 0}
                    className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 disabled:invisible"
                  >
                    {t("test.back")}
                  </button>
                  <button
                    type="button"
                    onClick={() => go(index + 1)}
                    className="rounded-lg bg-blue-700 px-5 py-2 font-semibold text-white hover:bg-blue-800"
                  >
                    {t("test.next")}
                  </button>
                </div>
              )}
            </fieldset>
          );
        })}
        <fieldset hidden={!atEnd} className="rounded-xl border border-slate-200 bg-white p-5">
          <legend className="px-1 text-lg font-bold text-slate-900">{t("test.contact.title")}</legend>
          <h2
            ref={current !== null && current >= total ? heading : undefined}
            tabIndex={-1}
            className="sr-only"
          >
            {t("test.contact.title")}
          </h2>
          <p className="text-slate-700">{t("test.contact.intro")}</p>
          {(
            [
              ["name", "text", "name", NAME_MAX_LENGTH],
              ["email", "email", "email", 254],
              ["phone", "tel", "tel", PHONE_MAX_LENGTH],
            ] as const
          ).map(([field, type, autoComplete, maxLength]) => (
            <div key={field} className="mt-4">
              <label htmlFor={`placement-${field}`} className="block text-sm font-medium text-slate-700">
                {t(`test.contact.${field}`)}
              </label>
              <input
                id={`placement-${field}`}
                name={field}
                type={type}
                autoComplete={autoComplete}
                defaultValue={values?.[field]}
                maxLength={maxLength}
                aria-invalid={fieldError(field) ? true : undefined}
                aria-describedby={fieldError(field) ? `placement-${field}-error` : undefined}
                className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
              />
              {fieldError(field) && (
                <p id={`placement-${field}-error`} className="mt-1 text-sm text-red-700">
                  {t(`common:${fieldError(field)}`)}
                </p>
              )}
            </div>
          ))}
          {/* For software that fills every field; people never see it. */}
          <input
            type="text"
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            aria-hidden="true"
            className="hidden"
          />
          {errors?.formError && (
            <p role="alert" className="mt-4 font-medium text-red-700">
              {t(errors.formError.key, { count: errors.formError.count })}
            </p>
          )}
          {/* An answer the page cannot have sent (a changed page, a replayed post). */}
          {Object.keys(errors?.fieldErrors ?? {}).some((field) => field.startsWith("answers")) && (
            <p role="alert" className="mt-4 font-medium text-red-700">
              {t("errors.generic")}
            </p>
          )}
          <div className="mt-6 flex flex-wrap justify-between gap-3">
            {current !== null && (
              <button
                type="button"
                onClick={() => go(total - 1)}
                className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800"
              >
                {t("test.back")}
              </button>
            )}
            <button
              type="submit"
              disabled={submitting}
              className="rounded-lg bg-blue-700 px-6 py-3 font-semibold text-white hover:bg-blue-800 disabled:opacity-70"
            >
              {t("test.submit")}
            </button>
          </div>
        </fieldset>
      </Form>
    </main>
  );
}
