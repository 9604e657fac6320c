import { TextAreaField, TextField } from "~/components/forms/fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { useTranslation } from "~/i18n/react";
import type { AdminAboutEntries } from "~/models/about.server";
import { milestoneSchema } from "~/schemas/about";
import { type EntryDialogProps, EntryForm, OrderField } from "./entry-form";

type Milestone = AdminAboutEntries["milestones"][number];

/** spec §5 Milestone form: year, title, description required; order minimum 1. */
export function MilestoneDialog({ entry: milestone, nextOrder, lastResult }: EntryDialogProps<Milestone>) {
  const { t } = useTranslation("admin-about");
  const [form, fields] = useAppForm(milestoneSchema, {
    id: `about-milestones-${milestone?.id ?? "new"}`,
    lastResult,
    defaultValue: milestone ? { ...milestone, order: String(milestone.order) } : { order: String(nextOrder) },
  });
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
