// The labelled controls of every form. Each takes Conform's field metadata (`field={fields.email}`)
// and reads its id, name, key, initial value and errors from it; a form without Conform (a GET
// filter, a form whose action answers in its own shape) passes `name` and `errors` itself.
// Validation messages are i18n keys ("validation.required", "auth:errors.invalidEmail"); a field
// shows them in the reader's language.
import { Eye, EyeOff } from "lucide-react";
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from "react";
import { useTranslation } from "~/i18n/react";

/** What a control reads of Conform's FieldMetadata. */
export interface FieldBinding {
  id?: string;
  name?: string;
  key?: string;
  errors?: string[];
  initialValue?: unknown;
}

type Common = {
  field?: FieldBinding;
  label: ReactNode;
  /** Instead of the field's errors (an error the form adds, such as a failed upload). */
  errors?: string[];
  hint?: ReactNode;
};

const controlClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid=true]:border-red-600";

/** The control's id, name, initial value and aria wiring, from the binding unless given explicitly. */
function useControl(
  { field = {}, errors, hint }: Omit<Common, "label">,
  own: { id?: string; name?: string },
) {
  const generated = useId();
  const id = own.id ?? field.id ?? generated;
  const shown = errors ?? field.errors;
  const invalid = Boolean(shown?.length);
  const initial = typeof field.initialValue === "string" ? field.initialValue : undefined;
  return {
    id,
    errors: shown,
    key: field.key,
    initial,
    props: {
      id,
      name: own.name ?? field.name,
      "aria-invalid": invalid || undefined,
      "aria-describedby":
        [hint ? `${id}-hint` : "", invalid ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined,
    },
  };
}

function FieldError({ id, errors, alert = false }: { id: string; errors?: string[]; alert?: boolean }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <p id={`${id}-error`} role={alert ? "alert" : undefined} className="text-sm font-medium text-red-700">
      {errors.map((error) => t(error)).join(" ")}
    </p>
  );
}

function FieldShell({
  id,
  label,
  required,
  errors,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  errors?: string[];
  hint?: ReactNode;
  children: ReactNode;
}) {
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
      <FieldError id={id} errors={errors} />
    </div>
  );
}

export function TextField({
  field,
  label,
  errors,
  hint,
  ...props
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  const control = useControl({ field, errors, hint }, props);
  return (
    <FieldShell id={control.id} label={label} required={props.required} errors={control.errors} hint={hint}>
      <input
        key={control.key}
        className={controlClass}
        defaultValue={control.initial}
        {...control.props}
        {...props}
        id={control.id}
      />
    </FieldShell>
  );
}

export function TextAreaField({
  field,
  label,
  errors,
  hint,
  ...props
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const control = useControl({ field, errors, hint }, props);
  return (
    <FieldShell id={control.id} label={label} required={props.required} errors={control.errors} hint={hint}>
      <textarea
        key={control.key}
        rows={4}
        className={controlClass}
        defaultValue={control.initial}
        {...control.props}
        {...props}
        id={control.id}
      />
    </FieldShell>
  );
}

export function SelectField({
  field,
  label,
  errors,
  hint,
  options,
  placeholder,
  ...props
}: Common &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly { value: string; label: string }[];
    placeholder?: string;
  }) {
  const control = useControl({ field, errors, hint }, props);
  return (
    <FieldShell id={control.id} label={label} required={props.required} errors={control.errors} hint={hint}>
      <select
        key={control.key}
        className={controlClass}
        defaultValue={control.initial}
        {...control.props}
        {...props}
        id={control.id}
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

/** spec §2: every password field has a show/hide toggle. Never filled in again after a post. */
export function PasswordField({
  field,
  label,
  errors,
  ...props
}: Omit<Common, "hint"> & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "defaultValue">) {
  const { t } = useTranslation("auth");
  const control = useControl({ field, errors }, props);
  const [visible, setVisible] = useState(false);
  return (
    <div className="space-y-1.5">
      <label htmlFor={control.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          key={control.key}
          type={visible ? "text" : "password"}
          className="block w-full rounded-lg border border-slate-300 bg-white py-2.5 pr-11 pl-3 text-slate-900 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 aria-[invalid=true]:border-red-600"
          {...control.props}
          {...props}
          id={control.id}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t("password.hide") : t("password.show")}
          aria-pressed={visible}
          aria-controls={control.id}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900"
        >
          {visible ? (
            <EyeOff aria-hidden="true" className="size-5" />
          ) : (
            <Eye aria-hidden="true" className="size-5" />
          )}
        </button>
      </div>
      <FieldError id={control.id} errors={control.errors} />
    </div>
  );
}

const checkboxStyles = {
  /** A setting of the record (active, published, featured). */
  option: { label: "flex items-center gap-3 text-slate-800", input: "size-5 rounded border-slate-400" },
  /** A ticked confirmation before something that cannot be undone. */
  confirm: { label: "flex items-start gap-2 text-sm text-slate-800", input: "mt-0.5 size-4" },
  /** A page's one decision, its label at text size (erase a person, require a second factor). */
  statement: { label: "flex items-start gap-2 text-slate-800", input: "mt-1 size-4" },
} as const;

/** A checkbox posting "on" when ticked, as Conform and zod's checkbox fields read it. A missing
 * confirmation is announced at once (it stops the whole form). */
export function CheckboxField({
  field,
  label,
  errors,
  variant = "option",
  className = "",
  ...props
}: Omit<Common, "hint"> &
  Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
    variant?: keyof typeof checkboxStyles;
  }) {
  const control = useControl({ field, errors }, props);
  const style = checkboxStyles[variant];
  return (
    <>
      <label className={`${style.label} ${className}`.trim()}>
        <input
          key={control.key}
          type="checkbox"
          value="on"
          defaultChecked={field?.initialValue === "on" || field?.initialValue === true}
          className={style.input}
          {...control.props}
          {...props}
          id={control.id}
        />
        {label}
      </label>
      <FieldError id={control.id} errors={control.errors} alert />
    </>
  );
}
