// Labelled form controls with translated errors. Validation messages are i18n keys
// ("validation.required"); a field shows them in the reader's language.
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";
import { useTranslation } from "~/i18n/react";

interface FieldShellProps {
  id: string;
  label: ReactNode;
  required?: boolean;
  errors?: string[];
  hint?: ReactNode;
  children: ReactNode;
}

const controlClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid=true]:border-red-600";

function FieldShell({ id, label, required, errors, hint, children }: FieldShellProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {errors?.length ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {errors.map((error) => t(error)).join(" ")}
        </p>
      ) : null}
    </div>
  );
}

type Common = { label: ReactNode; errors?: string[]; hint?: ReactNode };

function describedBy(id: string, errors?: string[], hint?: ReactNode) {
  return (
    [hint ? `${id}-hint` : "", errors?.length ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined
  );
}

export function TextField({
  label,
  errors,
  hint,
  id,
  ...props
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} required={props.required} errors={errors} hint={hint}>
      <input
        id={fieldId}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(fieldId, errors, hint)}
        className={controlClass}
        {...props}
      />
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  errors,
  hint,
  id,
  ...props
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} required={props.required} errors={errors} hint={hint}>
      <textarea
        id={fieldId}
        rows={4}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(fieldId, errors, hint)}
        className={controlClass}
        {...props}
      />
    </FieldShell>
  );
}

export function SelectField({
  label,
  errors,
  hint,
  id,
  options,
  placeholder,
  ...props
}: Common &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly { value: string; label: string }[];
    placeholder?: string;
  }) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} required={props.required} errors={errors} hint={hint}>
      <select
        id={fieldId}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(fieldId, errors, hint)}
        className={controlClass}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
