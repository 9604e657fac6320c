import { TextAreaField, TextField } from "~/components/forms/fields";
import { useTranslation } from "~/i18n/react";
import type { AdminAboutEntries } from "~/models/about.server";
import { milestoneSchema } from "~/schemas/about";
import { type EntryDialogProps, EntryForm, OrderField, useEntryForm } from "./entry-form";

type Milestone = AdminAboutEntries["milestones"][number];

/** spec §5 Milestone form: year, title, description required; order minimum 1. */
export function MilestoneDialog(props: EntryDialogProps<Milestone>) {
  const { t } = useTranslation("admin-about");
  const milestone = props.entry;
  const [form, fields] = useEntryForm(milestoneSchema, "milestones", props);
  return (
    <EntryForm form={form} kind="milestones" entry={milestone}>
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <TextField field={fields.year} label={t("fields.year")} required inputMode="numeric" />
        <TextField field={fields.title} label={t("fields.title")} required />
      </div>
      <TextAreaField field={fields.description} label={t("fields.description")} required />
      <OrderField field={fields.order} />
    </EntryForm>
  );
}
