// The labelled controls of every form. Each takes Conform's field metadata (`field={fields.email}`)
// and reads its id, name, key, initial value and errors from it; a form without Conform (a GET
// filter, a form whose action answers in its own shape) passes `name` and `errors` itself.
// Validation messages are i18n keys ("validation.required", "auth:errors.invalidEmail"); a field
// shows them in the reader's language.
import { Eye, EyeOff } from "lucide-react";
import {
  Fragment,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
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

/** Splits a field component's props into what the label, hint and error use and what goes on
 * the control, and wires the control: id, name, initial value and aria attributes come from the
 * field's metadata unless given explicitly. */
function useControl<Own extends { id?: string; name?: string; required?: boolean }>({
  field = {},
  label,
  errors,
  hint,
  ...own
}: Common & Own) {
  const generated = useId();
  const id = own.id ?? field.id ?? generated;
  const shown = errors ?? field.errors;
  const invalid = Boolean(shown?.length);
  return {
    own,
    control: {
      id,
      key: field.key,
      initial: typeof field.initialValue === "string" ? field.initialValue : undefined,
      shell: { id, label, hint, errors: shown, required: own.required },
      aria: {
        name: own.name ?? field.name,
        "aria-invalid": invalid || undefined,
        "aria-describedby":
          [hint ? `${id}-hint` : "", invalid ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined,
      },
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

/** The label, hint and error around a control that `render` draws with the given attributes. */
function useLabelledControl<Own extends { id?: string; name?: string; required?: boolean }>(
  props: Common & Own,
  render: (attributes: ReturnType<typeof useControl<Own>>["own"] & ControlAttributes) => ReactNode,
) {
  const { own, control } = useControl(props);
  return (
    <FieldShell {...control.shell}>
      <Fragment key={control.key}>
        {render({
          className: controlClass,
          defaultValue: control.initial,
          ...control.aria,
          ...own,
          id: control.id,
        })}
      </Fragment>
    </FieldShell>
  );
}

type ControlAttributes = {
  id: string;
  className: string;
  defaultValue?: string;
  name?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
};

export function TextField(props: Common & InputHTMLAttributes<HTMLInputElement>) {
  return useLabelledControl(props, (attributes) => <input {...attributes} />);
}

export function TextAreaField(props: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return useLabelledControl(props, (attributes) => <textarea rows={4} {...attributes} />);
}

type Option = { value: string; label: string };
/** An entry is an option, or a labelled group of options (an `<optgroup>`). */
type Options = {
  options: readonly (Option | { group: string; options: readonly Option[] })[];
  placeholder?: string;
};

const renderOption = (option: Option) => (
  <option key={option.value} value={option.value}>
    {option.label}
  </option>
);

export function SelectField({
  options,
  placeholder,
  ...props
}: Common & SelectHTMLAttributes<HTMLSelectElement> & Options) {
  return useLabelledControl(props, (attributes) => (
    <select {...attributes}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((entry) =>
        "group" in entry ? (
          <optgroup key={`group:${entry.group}`} label={entry.group}>
            {entry.options.map(renderOption)}
          </optgroup>
        ) : (
          renderOption(entry)
        ),
      )}
    </select>
  ));
}

/** spec §2: every password field has a show/hide toggle (disabled until the page hydrates, since
 * it needs JavaScript). Never filled in again after a post. */
export function PasswordField(
  props: Omit<Common, "hint"> & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "defaultValue">,
) {
  const { t } = useTranslation("auth");
  const { own, control } = useControl(props);
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  return (
    <div className="space-y-1.5">
      <label htmlFor={control.id} className="block text-sm font-medium text-slate-800">
        {control.shell.label}
      </label>
      <div className="relative">
        <input
          key={control.key}
          type={visible ? "text" : "password"}
          className="block w-full rounded-lg border border-slate-300 bg-white py-2.5 pr-11 pl-3 text-slate-900 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 aria-[invalid=true]:border-red-600"
          {...control.aria}
          {...own}
          id={control.id}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          disabled={!hydrated}
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
      <FieldError id={control.id} errors={control.shell.errors} />
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
  variant = "option",
  className = "",
  ...props
}: Omit<Common, "hint"> &
  Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
    variant?: keyof typeof checkboxStyles;
  }) {
  const { own, control } = useControl(props);
  const initial = props.field?.initialValue;
  const style = checkboxStyles[variant];
  return (
    <>
      <label className={`${style.label} ${className}`.trim()}>
        <input
          key={control.key}
          type="checkbox"
          value="on"
          defaultChecked={initial === "on" || initial === true}
          className={style.input}
          {...control.aria}
          {...own}
          id={control.id}
        />
        {control.shell.label}
      </label>
      <FieldError id={control.id} errors={control.shell.errors} alert />
    </>
  );
}

const radioStyles = {
  /** Radio and label in a row. */
  list: {
    legend: "text-sm font-medium text-slate-800",
    row: "mt-2 flex flex-wrap gap-x-6 gap-y-2",
    label: "flex items-center gap-2 text-slate-800",
    input: "size-4 accent-blue-700",
  },
  /** Each choice drawn as a swatch over a hidden radio (its `peer-checked` styles show the pick). */
  swatches: {
    legend: "mb-2 text-sm font-medium text-slate-800",
    row: "flex flex-wrap gap-3",
    label: "cursor-pointer",
    input: "peer sr-only",
  },
  /** The same with larger tiles (an icon and its name). */
  tiles: {
    legend: "mb-2 text-sm font-medium text-slate-800",
    row: "flex flex-wrap gap-2",
    label: "cursor-pointer",
    input: "peer sr-only",
  },
} as const;

/** One of a few values, as radio buttons in a fieldset named by its legend. */
export function RadioGroupField<Value extends string>({
  field,
  legend,
  values,
  checked,
  variant = "list",
  children,
}: {
  field: FieldBinding;
  legend: ReactNode;
  values: readonly Value[];
  /** The value ticked at first. */
  checked: string;
  variant?: keyof typeof radioStyles;
  /** What stands beside (or for) each radio. */
  children: (value: Value) => ReactNode;
}) {
  const style = radioStyles[variant];
  const errorId = `${field.id}-error`;
  return (
    <fieldset key={field.key} aria-describedby={field.errors ? errorId : undefined}>
      <legend className={style.legend}>{legend}</legend>
      <div className={style.row}>
        {values.map((value) => (
          <label key={value} className={style.label}>
            <input
              type="radio"
              name={field.name}
              value={value}
              defaultChecked={checked === value}
              className={style.input}
            />
            {children(value)}
          </label>
        ))}
      </div>
      {field.errors && field.id && <FieldError id={field.id} errors={field.errors} />}
    </fieldset>
  );
}

/** A value list as a select's options, each labelled by `label`. */
export function optionsOf<Value extends string>(values: readonly Value[], label: (value: Value) => string) {
  return values.map((value) => ({ value, label: label(value) }));
}
