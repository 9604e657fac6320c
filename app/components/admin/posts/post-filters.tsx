import { useCategoryName } from "~/components/blog/post-card";
import { SelectField } from "~/components/forms/fields";
import { FilterForm } from "~/components/forms/filter-form";
import { useTranslation } from "~/i18n/react";
import { SEARCH_MAX_LENGTH } from "~/lib/blog-rules";
import { translationLanguages, UNTRANSLATED_PARAM } from "~/lib/content-language";
import { blogCategories } from "~/schemas/domain";
import { type PostListQuery, postStatuses } from "~/schemas/post";

export function PostFilters({ query }: { query: PostListQuery }) {
  const { t } = useTranslation("admin-posts");
  const { t: tc } = useTranslation("content-language");
  const categoryName = useCategoryName();
  const filtered =
    query.q !== "" || query.category !== "all" || query.status !== "all" || query.untranslated !== "all";
  return (
    <FilterForm
      namespace="admin-posts"
      query={query}
      searchMaxLength={SEARCH_MAX_LENGTH}
      layout="rowWide"
      applyKey="filters.submit"
      resetTo={filtered ? "/admin/posts" : undefined}
      resetLast
    >
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
      <SelectField
        label={tc("filter.label")}
        name={UNTRANSLATED_PARAM}
        defaultValue={query.untranslated === "all" ? "" : query.untranslated}
        placeholder={tc("filter.all")}
        options={translationLanguages.map((value) => ({
          value,
          label: tc(value === "en" ? "filter.untranslatedEn" : "filter.untranslatedDe"),
        }))}
      />
    </FilterForm>
  );
}
