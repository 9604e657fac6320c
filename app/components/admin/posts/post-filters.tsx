import { useCategoryName } from "~/components/blog/post-card";
import { SelectField } from "~/components/forms/fields";
import { FilterForm } from "~/components/forms/filter-form";
import { useTranslation } from "~/i18n/react";
import { SEARCH_MAX_LENGTH } from "~/lib/blog-rules";
import { blogCategories } from "~/schemas/domain";
import { type PostListQuery, postStatuses } from "~/schemas/post";

export function PostFilters({ query }: { query: PostListQuery }) {
  const { t } = useTranslation("admin-posts");
  const categoryName = useCategoryName();
  const filtered = query.q !== "" || query.category !== "all" || query.status !== "all";
  return (
    <FilterForm
      namespace="admin-posts"
      query={query}
      searchMaxLength={SEARCH_MAX_LENGTH}
      layout="row"
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
    </FilterForm>
  );
}
