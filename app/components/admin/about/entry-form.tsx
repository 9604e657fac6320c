// Pieces the four about-list dialogs share: the form frame (kind and id posted along, the form
// error, Cancel/Save) and the order field (spec §5/§9: order at least 1).
import {
  type FieldMetadata,
  type FormMetadata,
  getFormProps,
  getInputProps,
  type SubmissionResult,
} from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { TextField } from "~/components/forms/fields";
import { useTranslation } from "~/i18n/react";
import type { AboutListKind } from "~/schemas/about";
import { DialogActions } from "../dialog";
import { FormErrors } from "../form-parts";

/** An action's answer as Conform's lastResult: only a form reply (not a list toggle's answer). */
export function formResult(lastResult: unknown) {
  return lastResult && typeof lastResult === "object" && "initialValue" in lastResult
    ? (lastResult as SubmissionResult<string[]>)
    : undefined;
}

export function EntryForm({
  form,
  kind,
  id,
  children,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any form's metadata; only its props and errors are read
  form: FormMetadata<any, string[]>;
  kind: AboutListKind;
  id: string | undefined;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="kind" value={kind} />
      {id && <input type="hidden" name="id" value={id} />}
      <FormErrors errors={form.errors} />
      {children}
      <DialogActions saving={saving} />
    </Form>
  );
}

// biome-ignore lint/suspicious/noExplicitAny: the order field of any of the four forms
export function OrderField({ field }: { field: FieldMetadata<unknown, any, string[]> }) {
  const { t } = useTranslation("admin-about");
  return (
    <TextField
      label={t("fields.order")}
      required
      min={1}
      step={1}
      hint={t("fields.orderHint")}
      errors={field.errors}
      {...getInputProps(field, { type: "number" })}
      key={field.key}
    />
  );
}
