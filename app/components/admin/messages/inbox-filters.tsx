import { optionsOf } from "~/components/forms/fields";
import { FilterForm, FilterSelects } from "~/components/forms/filter-form";
import { useTranslation } from "~/i18n/react";
import { contactSubjects } from "~/schemas/domain";
import { MESSAGE_SEARCH_MAX_LENGTH, type MessageListQuery, messageStatuses } from "~/schemas/message-reply";

export function InboxFilters({ query }: { query: MessageListQuery }) {
  const { t } = useTranslation("admin-messages");
  const { t: tc } = useTranslation("contact");
  return (
    <FilterForm
      namespace="admin-messages"
      query={JSON.stringify(query)}
      search={{ value: query.q ?? "", maxLength: MESSAGE_SEARCH_MAX_LENGTH }}
      layout={{ grid: "", search: "sm:col-span-2", actions: "justify-end sm:col-span-2" }}
      resetTo="/admin/messages"
    >
      <FilterSelects
        query={query}
        labelOf={(name) => t(`filters.${name}`)}
        all={t("filters.all")}
        choices={{
          status: optionsOf(messageStatuses, (value) => t(`status.${value}`)),
          subject: optionsOf(contactSubjects, (value) => tc(`subjects.${value}`)),
        }}
      />
    </FilterForm>
  );
}
