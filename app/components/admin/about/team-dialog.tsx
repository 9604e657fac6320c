import { getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { useTranslation } from "~/i18n/react";
import type { AdminAboutEntries } from "~/models/about.server";
import { teamMemberSchema } from "~/schemas/about";
import { AdminDialog } from "../dialog";
import { ColorPicker } from "../form-parts";
import { ImageField } from "../image-field";
import { EntryForm, formResult, OrderField } from "./entry-form";

type Member = AdminAboutEntries["team"][number];

/** spec §5 Team form: name, role, experience required; order minimum 1. Certifications and
 * specialties are edited one per line. */
export function TeamDialog({
  member,
  nextOrder,
  lastResult,
}: {
  member: Member | undefined;
  nextOrder: number;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-about");
  const [form, fields] = useForm<z.input<typeof teamMemberSchema>, z.output<typeof teamMemberSchema>>({
    id: `about-team-${member?.id ?? "new"}`,
    lastResult: formResult(lastResult),
    defaultValue: member
      ? {
          ...member,
          certifications: member.certifications.join("\n"),
          specialties: member.specialties.join("\n"),
          avatar: member.avatar ?? "",
          order: String(member.order),
        }
      : { color: "blue", active: true, order: String(nextOrder) },
    constraint: {},
    // Not on blur: an error appearing as the focus leaves a field for the Save button moves the
    // button under the pointer and swallows the click. After a first save, errors follow typing.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: teamMemberSchema }),
  });
  return (
    <AdminDialog title={member ? t("team.editTitle") : t("team.addTitle")}>
      <EntryForm form={form} kind="team" id={member?.id}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("fields.name")}
            required
            errors={fields.name.errors}
            {...getInputProps(fields.name, { type: "text" })}
            key={fields.name.key}
          />
          <TextField
            label={t("fields.role")}
            required
            errors={fields.role.errors}
            {...getInputProps(fields.role, { type: "text" })}
            key={fields.role.key}
          />
        </div>
        <TextField
          label={t("fields.experience")}
          required
          errors={fields.experience.errors}
          {...getInputProps(fields.experience, { type: "text" })}
          key={fields.experience.key}
        />
        <TextAreaField
          label={t("fields.education")}
          rows={2}
          errors={fields.education.errors}
          {...getTextareaProps(fields.education)}
          key={fields.education.key}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextAreaField
            label={t("fields.certifications")}
            hint={t("fields.onePerLine")}
            errors={fields.certifications.errors}
            {...getTextareaProps(fields.certifications)}
            key={fields.certifications.key}
          />
          <TextAreaField
            label={t("fields.specialties")}
            hint={t("fields.onePerLine")}
            errors={fields.specialties.errors}
            {...getTextareaProps(fields.specialties)}
            key={fields.specialties.key}
          />
        </div>
        <TextAreaField
          label={t("fields.achievements")}
          rows={2}
          errors={fields.achievements.errors}
          {...getTextareaProps(fields.achievements)}
          key={fields.achievements.key}
        />
        <ImageField
          name={fields.avatar.name}
          label={t("fields.avatar")}
          defaultValue={fields.avatar.initialValue as string | undefined}
          errors={fields.avatar.errors}
          key={fields.avatar.key}
        />
        <ColorPicker
          name={fields.color.name}
          defaultValue={fields.color.initialValue as string | undefined}
        />
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <OrderField field={fields.order} />
          <label className="flex items-center gap-3 pt-8 text-slate-800">
            <input
              {...getInputProps(fields.active, { type: "checkbox" })}
              key={fields.active.key}
              className="size-5 rounded border-slate-400"
            />
            {t("fields.active")}
          </label>
        </div>
      </EntryForm>
    </AdminDialog>
  );
}
