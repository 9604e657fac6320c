// Pieces every admin form uses: the form-level error (spec §8 alerts), the list-level error, the
// colour choice among the six gradient pairs of spec §3, and a scheduled time.
import { useTranslation } from "~/i18n/react";
import { colors } from "~/schemas/domain";
import { type FieldBinding, RadioGroupField, TextField } from "../forms/fields";
import { SubmitRow, useSubmitting } from "../forms/submit";
import { gradientClass } from "../site/color-gradients";
import { Alert } from "../ui/alert";

/** Form-level errors (Conform's form.errors): i18n keys such as "admin:errors.saveCourse". */
export function FormErrors({ errors }: { errors: string[] | undefined }) {
  const { t } = useTranslation("admin");
  if (!errors?.length) return null;
  return <Alert tone="error">{errors.map((error) => t(error)).join(" ")}</Alert>;
}

/** The error of a write made from a list (a toggle, a delete whose dialog is closed). */
export function ListError({ result }: { result: unknown }) {
  const error = (result as { error?: Record<string, string[] | null> } | undefined)?.error?.[""];
  return <FormErrors errors={error ?? undefined} />;
}

/** A radio group of the six gradient swatches, each named for screen readers. */
export function ColorPicker({ field }: { field: FieldBinding }) {
  const { t } = useTranslation("admin");
  const stored = field.initialValue;
  const current =
    typeof stored === "string" && (colors as readonly string[]).includes(stored) ? stored : "blue";
  return (
    <RadioGroupField
      field={field}
      legend={t("colors.label")}
      values={colors}
      checked={current}
      variant="swatches"
    >
      {(color) => (
        <>
          <span
            className={`${gradientClass(color)} block size-10 rounded-full ring-offset-2 peer-checked:ring-4 peer-checked:ring-slate-900 peer-focus-visible:outline-3 peer-focus-visible:outline-blue-600`}
          />
          <span className="sr-only">{t(`colors.${color}`)}</span>
        </>
      )}
    </RadioGroupField>
  );
}

/** Save for a form saved in place (not in a dialog): posts its intent, "Đang lưu..." meanwhile. */
export function SaveRow({ intent, divided = false }: { intent: string; divided?: boolean }) {
  const { t } = useTranslation("admin");
  return (
    <SubmitRow
      divided={divided}
      name="intent"
      value={intent}
      pending={useSubmitting(intent)}
      pendingLabel={t("dialog.saving")}
    >
      {t("dialog.save")}
    </SubmitRow>
  );
}

/** A scheduled time (a post's publishing, ADR 053; a course's opening, ADR 057): a date and time
 * typed in Vietnam time, read by futureVietnamTime (app/schemas/schedule.ts). */
export function ScheduledTimeField({
  field,
  label,
  hint,
}: {
  field: FieldBinding;
  label: string;
  hint: string;
}) {
  return (
    <TextField
      field={field}
      label={label}
      hint={hint}
      type="datetime-local"
      className="block w-full max-w-xs rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 aria-[invalid=true]:border-red-600"
    />
  );
}
