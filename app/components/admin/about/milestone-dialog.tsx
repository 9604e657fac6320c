import { getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { useTranslation } from "~/i18n/react";
import type { AdminAboutEntries } from "~/models/about.server";
import { milestoneSchema } from "~/schemas/about";
import { AdminDialog } from "../dialog";
import { EntryForm, formResult, OrderField } from "./entry-form";

type Milestone = AdminAboutEntries["milestones"][number];

/** spec §5 Milestone form: year, title, description required; order minimum 1. */
export function MilestoneDialog({
  milestone,
  nextOrder,
  lastResult,
}: {
  milestone: Milestone | undefined;
  nextOrder: number;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-about");
  const [form, fields] = useForm<z.input<typeof milestoneSchema>, z.output<typeof milestoneSchema>>({
    id: `about-milestones-${milestone?.id ?? "new"}`,
    lastResult: formResult(lastResult),
    defaultValue: milestone ? { ...milestone, order: String(milestone.order) } : { order: String(nextOrder) },
    constraint: {},
    // Not on blur: an error appearing as the focus leaves a field for the Save button moves the
    // button under the pointer and swallows the click. After a first save, errors follow typing.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: milestoneSchema }),
  });
  return (
    <AdminDialog title={milestone ? t("milestones.editTitle") : t("milestones.addTitle")}>
      <EntryForm form={form} kind="milestones" id={milestone?.id}>
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          <TextField
            label={t("fields.year")}
            required
            inputMode="numeric"
            errors={fields.year.errors}
            {...getInputProps(fields.year, { type: "text" })}
            key={fields.year.key}
          />
          <TextField
            label={t("fields.title")}
            required
            errors={fields.title.errors}
            {...getInputProps(fields.title, { type: "text" })}
            key={fields.title.key}
          />
        </div>
        <TextAreaField
          label={t("fields.description")}
          required
          errors={fields.description.errors}
          {...getTextareaProps(fields.description)}
          key={fields.description.key}
        />
        <OrderField field={fields.order} />
      </EntryForm>
    </AdminDialog>
  );
}
