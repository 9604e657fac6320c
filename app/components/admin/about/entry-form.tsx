// Pieces the four about-list dialogs share: their props, the form frame (kind and id posted
// along, the form error, Cancel/Save) and the order field (spec §5/§9: order at least 1).
import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { CheckboxField, type FieldBinding, TextField } from "~/components/forms/fields";
import { useSubmitting } from "~/components/forms/submit";
import { useTranslation } from "~/i18n/react";
import type { AboutListKind } from "~/schemas/about";
import { AdminDialog, DialogActions } from "../dialog";
import { FormErrors } from "../form-parts";

export function EntryForm({
  form,
  kind,
  entry,
  children,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any form's metadata; only its props and errors are read
  form: FormMetadata<any, string[]>;
  kind: AboutListKind;
  /** The entry being edited; none when adding one. */
  entry: { id: string } | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation("admin-about");
  const saving = useSubmitting("save");
  const id = entry?.id;
  return (
    <AdminDialog title={entry ? t(`${kind}.editTitle`) : t(`${kind}.addTitle`)}>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="kind" value={kind} />
        {id && <input type="hidden" name="id" value={id} />}
        <FormErrors errors={form.errors} />
        {children}
        <DialogActions saving={saving} />
      </Form>
    </AdminDialog>
  );
}

/** What each of the four dialogs is given: the entry to edit (none for a new one), the order a
 * new entry gets (the end of the list) and the action's answer. */
export interface EntryDialogProps<Entry> {
  entry: Entry | undefined;
  nextOrder: number;
  lastResult: unknown;
}

/** The order field (spec §9: at least 1); beside it, where the entry has one, its switch (a team
 * member shown, a testimonial featured). */
export function OrderField({
  field,
  toggle,
}: {
  field: FieldBinding;
  toggle?: { field: FieldBinding; label: string };
}) {
  const { t } = useTranslation("admin-about");
  const order = (
    <TextField
      field={field}
      label={t("fields.order")}
      required
      min={1}
      step={1}
      hint={t("fields.orderHint")}
      type="number"
    />
  );
  if (!toggle) return order;
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      {order}
      <CheckboxField field={toggle.field} label={toggle.label} className="pt-8" />
    </div>
  );
}

/** The person a team member or a testimonial is about: name and role, both required (spec §5). */
export function NameAndRoleFields({ name, role }: { name: FieldBinding; role: FieldBinding }) {
  const { t } = useTranslation("admin-about");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField field={name} label={t("fields.name")} required />
      <TextField field={role} label={t("fields.role")} required />
    </div>
  );
}
