// The blog's search box (spec §2; its placeholder in the page's language, ADR 023). A GET form:
// the search lives in the URL (?q=), works without JavaScript and can be shared.
import { Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useSubmit } from "react-router";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { type BlogFilters, SEARCH_MAX_LENGTH } from "~/lib/blog-rules";

/** A GET form: the search lives in the URL (?q=), works without JavaScript and can be shared.
 * With JavaScript it also searches while typing. */
export function SearchForm({ filters }: { filters: BlogFilters }) {
  const localize = useLocalizedPath();
  const { t } = useTranslation("blog");
  const submit = useSubmit();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // After a navigation (a category link, "clear filter"), show the URL's search text, unless
  // the visitor is typing in the box.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = filters.q;
  }, [filters.q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Form
      method="get"
      action={localize("/blog")}
      role="search"
      preventScrollReset
      className="mx-auto mt-8 flex max-w-xl gap-2"
      onChange={(event) => {
        const form = event.currentTarget;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), 350);
      }}
    >
      {filters.category !== "all" ? <input type="hidden" name="category" value={filters.category} /> : null}
      <label htmlFor="blog-search" className="sr-only">
        {t("search.label")}
      </label>
      <div className="relative flex-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
        />
        <input
          ref={input}
          id="blog-search"
          type="search"
          name="q"
          defaultValue={filters.q}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={t("search.placeholder")}
          className="block w-full rounded-lg border border-slate-300 bg-white py-3 pr-3 pl-10 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30"
        />
      </div>
      <button type="submit" className={buttonClass("primary")}>
        {t("search.submit")}
      </button>
    </Form>
  );
}
