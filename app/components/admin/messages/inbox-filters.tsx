import { SelectField } from "~/components/forms/fields";
import { FilterForm } from "~/components/forms/filter-form";
import { useTranslation } from "~/i18n/react";
import { contactSubjects } from "~/schemas/domain";
import { MESSAGE_SEARCH_MAX_LENGTH, type MessageListQuery, messageStatuses } from "~/schemas/message-reply";

export function InboxFilters({ query }: { query: MessageListQuery }) {
  const { t } = useTranslation("admin-messages");
  const { t: tc } = useTranslation("contact");
  const all = t("filters.all");
  return (
    <FilterForm
      namespace="admin-messages"
      query={JSON.stringify(query)}
      search={{ value: query.q ?? "", maxLength: MESSAGE_SEARCH_MAX_LENGTH }}
      layout={{ grid: "", search: "sm:col-span-2", actions: "justify-end sm:col-span-2" }}
      resetTo="/admin/messages"
    >
      <SelectField
        label={t("filters.status")}
        name="status"
        defaultValue={query.status ?? ""}
        placeholder={all}
        options={messageStatuses.map((value) => ({ value, label: t(`status.${value}`) }))}
      />
      <SelectField
        label={t("filters.subject")}
        name="subject"
        defaultValue={query.subject ?? ""}
        placeholder={all}
        options={contactSubjects.map((value) => ({ value, label: tc(`subjects.${value}`) }))}
      />
    </FilterForm>
  );
}
