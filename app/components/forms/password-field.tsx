import { Eye, EyeOff } from "lucide-react";
import { type InputHTMLAttributes, useId, useState } from "react";
import { useTranslation } from "~/i18n/react";

/** spec §2: every password field has a show/hide toggle. */
export function PasswordField({
  label,
  errors,
  id,
  ...props
}: { label: string; errors?: string[] } & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  const { t } = useTranslation("auth");
  const generated = useId();
  const fieldId = id ?? generated;
  const [visible, setVisible] = useState(false);
  return (
    <div className="space-y-1.5">
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={fieldId}
          type={visible ? "text" : "password"}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? `${fieldId}-error` : undefined}
          className="block w-full rounded-lg border border-slate-300 bg-white py-2.5 pr-11 pl-3 text-slate-900 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 aria-[invalid=true]:border-red-600"
          {...props}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t("password.hide") : t("password.show")}
          aria-pressed={visible}
          aria-controls={fieldId}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900"
        >
          {visible ? (
            <EyeOff aria-hidden="true" className="size-5" />
          ) : (
            <Eye aria-hidden="true" className="size-5" />
          )}
        </button>
      </div>
      {errors?.length ? (
        <p id={`${fieldId}-error`} className="text-sm font-medium text-red-700">
          {errors.map((error) => t(error)).join(" ")}
        </p>
      ) : null}
    </div>
  );
}
