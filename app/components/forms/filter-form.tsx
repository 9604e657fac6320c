// A list's search and filters: a GET form, so the whole view is in the URL (bookmarks, Back, a
// colleague's link) and it works without JavaScript. A new filter starts a new list: the form
// carries no page and no open item, and it is drawn afresh when the query changes.
import { Search, SlidersHorizontal } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import { Button, buttonClass } from "../ui/button";
import { SelectField, TextField } from "./fields";

/** The grid of each list's filters beyond the two columns of a small screen, and the cells of
 * the search and the buttons. */
const layouts = {
  // Search and buttons on their own rows (the inbox).
  rows: { grid: "", search: "sm:col-span-2", actions: "justify-end sm:col-span-2" },
  // Four columns: the search, the choices, the buttons at the end (students).
  columns: {
    grid: "lg:grid-cols-4",
    search: "sm:col-span-2",
    actions: "sm:col-span-2 lg:col-span-3 lg:justify-end",
  },
  // One row: a wide search, two choices, the buttons (posts).
  row: {
    grid: "lg:grid-cols-[2fr_1fr_1fr_auto]",
    search: "sm:col-span-2 lg:col-span-1",
    actions: "sm:col-span-2 lg:col-span-1",
  },
  // One row: a wide search, three choices, the buttons (posts, with the translation filter).
  rowWide: {
    grid: "lg:grid-cols-[2fr_1fr_1fr_1fr_auto]",
    search: "sm:col-span-2 lg:col-span-1",
    actions: "sm:col-span-2 lg:col-span-1",
  },
};

/** The texts come from the list's namespace, under `filters.*` (label, search,
 * searchPlaceholder, reset, the apply button's key, and `toggle` for a collapsible form). */
export function FilterForm({
  namespace,
  query,
  searchMaxLength,
  layout,
  applyKey = "filters.apply",
  resetTo,
  resetLast = false,
  collapsedOnPhone,
  choices,
  children,
}: {
  namespace: string;
  /** The current query: a new one redraws the form with its values; its `q` is the text search. */
  query: { q?: string };
  /** The text search's length limit. */
  searchMaxLength: number;
  /** How the fields sit on a large screen (on a small one, two columns). */
  layout: keyof typeof layouts;
  applyKey?: string;
  /** The unfiltered list (no reset link without it); `resetLast` puts the link after the button. */
  resetTo?: string;
  resetLast?: boolean;
  /** On a phone the form folds behind a "Filters (n)" button, n the filters now applied. */
  collapsedOnPhone?: { active: number };
  /** Selects after the search, each labelled `filters.<name>`, with `filters.all` for none. */
  choices?: Record<string, readonly { value: string; label: string }[]>;
  /** Fields after the choices. */
  children?: ReactNode;
}) {
  const { t } = useTranslation(namespace);
  const text = (key: string) => t(`${namespace}:${key}`);
  const cells = layouts[layout];
  const resetLink = resetTo && (
    <Link to={resetTo} className={buttonClass("secondary")}>
      {text("filters.reset")}
    </Link>
  );
  const form = (
    <Form
      method="get"
      role="search"
      aria-label={text("filters.label")}
      key={JSON.stringify(query)}
      className={`grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 ${cells.grid}`}
    >
      <div className={cells.search}>
        <TextField
          label={text("filters.search")}
          name="q"
          type="search"
          defaultValue={query.q ?? ""}
          maxLength={searchMaxLength}
          placeholder={text("filters.searchPlaceholder")}
        />
      </div>
      {choices && (
        <FilterSelects
          query={query}
          labelOf={(name) => text(`filters.${name}`)}
          all={text("filters.all")}
          choices={choices}
        />
      )}
      {children}
      <div className={`flex flex-wrap items-end gap-3 ${cells.actions}`}>
        {!resetLast && resetLink}
        <Button type="submit">
          <Search aria-hidden="true" className="size-4" />
          {text(applyKey)}
        </Button>
        {resetLast && resetLink}
      </div>
    </Form>
  );
  if (!collapsedOnPhone) return form;
  // A <details> folds without JavaScript and its summary is a keyboard button; from the sm
  // breakpoint up the summary is gone and the content shows, open or not.
  return (
    <details className="space-y-3 sm:details-content:[content-visibility:visible]">
      <summary className={buttonClass("secondary", "w-fit cursor-pointer list-none sm:hidden")}>
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        {t(`${namespace}:filters.toggle`, { active: collapsedOnPhone.active })}
      </summary>
      {form}
    </details>
  );
}

/** A filter form's choices: a select for each name in `choices`, labelled `labelOf(name)`,
 * showing the query's value, or `all` when none is chosen (without `all`, a choice that always
 * has a value: a sort order). */
export function FilterSelects({
  query,
  labelOf,
  choices,
  all,
}: {
  query: object;
  labelOf: (name: string) => string;
  choices: Record<string, readonly { value: string; label: string }[]>;
  all?: string;
}) {
  return Object.entries(choices).map(([name, options]) => (
    <SelectField
      key={name}
      label={labelOf(name)}
      name={name}
      defaultValue={String((query as Record<string, unknown>)[name] ?? "")}
      placeholder={all}
      options={[...options]}
    />
  ));
}
