// The inbox's search and filters: a GET form, so the whole view is in the URL (bookmarks, Back,
// a colleague's link) and it works without JavaScript.
import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { SelectField, TextField } from "~/components/forms/fields";
import { Button, buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { contactSubjects } from "~/schemas/domain";
import { MESSAGE_SEARCH_MAX_LENGTH, type MessageListQuery, messageStatuses } from "~/schemas/message-reply";

export function InboxFilters({ query }: { query: MessageListQuery }) {
  const { t } = useTranslation("admin-messages");
  const { t: tc } = useTranslation("contact");
  const all = t("filters.all");
  return (
    <Form
      method="get"
      role="search"
      aria-label={t("filters.label")}
      // A new filter starts a new list: the form carries no page and no open message.
      key={JSON.stringify(query)}
      className="grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <TextField
          label={t("filters.search")}
          name="q"
          type="search"
          defaultValue={query.q ?? ""}
          maxLength={MESSAGE_SEARCH_MAX_LENGTH}
          placeholder={t("filters.searchPlaceholder")}
        />
      </div>
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
      <div className="flex flex-wrap items-end justify-end gap-3 sm:col-span-2">
        <Link to="/admin/messages" className={buttonClass("secondary")}>
          {t("filters.reset")}
        </Link>
        <Button type="submit">
          <Search aria-hidden="true" className="size-4" />
          {t("filters.apply")}
        </Button>
      </div>
    </Form>
  );
}
