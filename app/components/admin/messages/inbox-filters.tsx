import { optionsOf } from "~/components/forms/fields";
import { FilterForm } from "~/components/forms/filter-form";
import { useTranslation } from "~/i18n/react";
import { contactSubjects } from "~/schemas/domain";
import { MESSAGE_SEARCH_MAX_LENGTH, type MessageListQuery, messageStatuses } from "~/schemas/message-reply";

export function InboxFilters({ query }: { query: MessageListQuery }) {
  const { t } = useTranslation("admin-messages");
  const { t: tc } = useTranslation("contact");
  const choices = {
    status: optionsOf(messageStatuses, (value) => t(`status.${value}`)),
    subject: optionsOf(contactSubjects, (value) => tc(`subjects.${value}`)),
  };
  return (
    <FilterForm
      namespace="admin-messages"
      query={query}
      searchMaxLength={MESSAGE_SEARCH_MAX_LENGTH}
      layout="rows"
      resetTo="/admin/messages"
      choices={choices}
    />
  );
}
