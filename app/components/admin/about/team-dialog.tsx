import { TextAreaField, TextField } from "~/components/forms/fields";
import { useTranslation } from "~/i18n/react";
import type { AdminAboutEntries } from "~/models/about.server";
import { teamMemberSchema } from "~/schemas/about";
import { ColorPicker } from "../form-parts";
import { ImageField } from "../image-field";
import { type EntryDialogProps, EntryForm, NameAndRoleFields, OrderField, useEntryForm } from "./entry-form";

type Member = AdminAboutEntries["team"][number];

/** spec §5 Team form: name, role, experience required; order minimum 1. Certifications and
 * specialties are edited one per line. */
export function TeamDialog(props: EntryDialogProps<Member>) {
  const { t } = useTranslation("admin-about");
  const member = props.entry;
  const [form, fields] = useEntryForm(teamMemberSchema, "team", props, {
    initial: { color: "blue", active: true },
  });
  return (
    <EntryForm form={form} kind="team" entry={member}>
      <NameAndRoleFields name={fields.name} role={fields.role} />
      <TextField field={fields.experience} label={t("fields.experience")} required />
      <TextAreaField field={fields.education} label={t("fields.education")} rows={2} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextAreaField
          field={fields.certifications}
          label={t("fields.certifications")}
          hint={t("fields.onePerLine")}
        />
        <TextAreaField
          field={fields.specialties}
          label={t("fields.specialties")}
          hint={t("fields.onePerLine")}
        />
      </div>
      <TextAreaField field={fields.achievements} label={t("fields.achievements")} rows={2} />
      <ImageField field={fields.avatar} label={t("fields.avatar")} />
      <ColorPicker field={fields.color} />
      <OrderField field={fields.order} toggle={{ field: fields.active, label: t("fields.active") }} />
    </EntryForm>
  );
}
