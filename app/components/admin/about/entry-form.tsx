// Pieces the four about-list dialogs share: their props, the form frame (kind and id posted
// along, the form error, Cancel/Save) and the order field (spec §5/§9: order at least 1).

import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { CheckboxField, type FieldBinding, TextField } from "~/components/forms/fields";
import { useSubmitting } from "~/components/forms/submit";
import { type AppFormOptions, useAppForm } from "~/components/forms/use-app-form";
import { useTranslation } from "~/i18n/react";
import type { ContentTranslations } from "~/lib/content-language";
import type { AboutListKind } from "~/schemas/about";
import { aboutEntryTranslatableFields } from "~/schemas/about-translation";
import type { FormSchema } from "~/schemas/form-schema";
import { AdminDialog, DialogActions } from "../dialog";
import { FormErrors } from "../form-parts";
import { EditorLanguageSwitch } from "./translation-form";

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
  entry: ({ id: string; translations: ContentTranslations } & Record<string, unknown>) | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation("admin-about");
  const saving = useSubmitting("save");
  const id = entry?.id;
  return (
    <AdminDialog title={entry ? t(`${kind}.editTitle`) : t(`${kind}.addTitle`)}>
      {/* The Vietnamese original; English and German are the switch's other tabs (ADR 032). */}
      <div className="mb-4">
        <EditorLanguageSwitch current="vi" original={entry} fields={aboutEntryTranslatableFields[kind]} />
      </div>
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

/** An entry's value as its form field shows it: a list one item per line, a number as its text,
 * nothing (an optional avatar or result) as an empty field. */
function asFieldText(value: unknown) {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.join("\n");
  return value;
}

/** A dialog's form: an entry's own values as its fields show them (`overrides` for any shown
 * otherwise), or for a new entry `initial` and the next order. Its id names the entry, so opening
 * another entry starts from that entry's values. */
export function useEntryForm<Schema extends FormSchema, Entry extends { id: string; order: number }>(
  schema: Schema,
  kind: AboutListKind,
  { entry, nextOrder, lastResult }: EntryDialogProps<Entry>,
  {
    initial = {},
    overrides = {},
  }: { initial?: Record<string, unknown>; overrides?: Record<string, unknown> } = {},
) {
  const defaultValue = entry
    ? {
        ...Object.fromEntries(
          Object.entries(entry)
            // The English and German versions have their own form.
            .filter(([key]) => key !== "translations")
            .map(([key, value]) => [key, asFieldText(value)]),
        ),
        ...overrides,
      }
    : { ...initial, order: String(nextOrder) };
  return useAppForm(schema, {
    id: `about-${kind}-${entry?.id ?? "new"}`,
    lastResult,
    defaultValue: defaultValue as AppFormOptions<Schema>["defaultValue"],
  });
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
