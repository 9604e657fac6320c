// The post list's search and filters: a GET form, so the state is in the URL (Back, bookmarks)
// and it works without JavaScript. A new filter starts again at page 1.
import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { useCategoryName } from "~/components/blog/post-card";
import { SelectField, TextField } from "~/components/forms/fields";
import { Button, buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { SEARCH_MAX_LENGTH } from "~/lib/blog-rules";
import { blogCategories } from "~/schemas/domain";
import { type PostListQuery, postStatuses } from "~/schemas/post";

export function PostFilters({ query }: { query: PostListQuery }) {
  const { t } = useTranslation("admin-posts");
  const categoryName = useCategoryName();
  const filtered = query.q !== "" || query.category !== "all" || query.status !== "all";
  return (
    <Form
      method="get"
      role="search"
      aria-label={t("filters.label")}
      key={`${query.q}|${query.category}|${query.status}`}
      className="grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto]"
    >
      <div className="sm:col-span-2 lg:col-span-1">
        <TextField
          label={t("filters.search")}
          name="q"
          type="search"
          defaultValue={query.q}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={t("filters.searchPlaceholder")}
        />
      </div>
      <SelectField
        label={t("filters.category")}
        name="category"
        defaultValue={query.category === "all" ? "" : query.category}
        placeholder={t("filters.all")}
        options={blogCategories.map((value) => ({ value, label: categoryName(value) }))}
      />
      <SelectField
        label={t("filters.status")}
        name="status"
        defaultValue={query.status === "all" ? "" : query.status}
        placeholder={t("filters.all")}
        options={postStatuses.map((value) => ({ value, label: t(`status.${value}`) }))}
      />
      <div className="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-1">
        <Button type="submit">
          <Search aria-hidden="true" className="size-4" />
          {t("filters.submit")}
        </Button>
        {filtered && (
          <Link to="/admin/posts" className={buttonClass("secondary")}>
            {t("filters.reset")}
          </Link>
        )}
      </div>
    </Form>
  );
}
