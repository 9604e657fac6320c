import { RadioGroupField, TextAreaField, TextField } from "~/components/forms/fields";
import { valueIcon } from "~/components/site/about/value-icon";
import { gradientClass } from "~/components/site/color-gradients";
import { useTranslation } from "~/i18n/react";
import type { AdminAboutEntries } from "~/models/about.server";
import { valueSchema } from "~/schemas/about";
import { adminValueIcons } from "~/schemas/domain";
import { ColorPicker } from "../form-parts";
import { type EntryDialogProps, EntryForm, OrderField, useEntryForm } from "./entry-form";

type Value = AdminAboutEntries["values"][number];

/** spec §5 Value form: title and description required. The icon is one of the admin set of
 * spec §3; a value stored with the public reading's "team" keeps it as a choice, so saving other
 * fields never changes its icon. */
export function ValueDialog(props: EntryDialogProps<Value>) {
  const { t } = useTranslation("admin-about");
  const value = props.entry;
  const choices: readonly string[] = value?.icon === "team" ? [...adminValueIcons, "team"] : adminValueIcons;
  const icon = value && choices.includes(value.icon) ? value.icon : "heart";
  const [form, fields] = useEntryForm(valueSchema, "values", props, {
    overrides: { icon },
    initial: { icon: "heart", color: "blue" },
  });
  // The preview follows the choices as they are made (Conform tracks every named field).
  const previewIcon = String(fields.icon.value ?? icon);
  const PreviewIcon = valueIcon(previewIcon);
  const initialIcon = String(fields.icon.initialValue ?? icon);
  return (
    <EntryForm form={form} kind="values" entry={value}>
      <TextField field={fields.title} label={t("fields.title")} required />
      <TextAreaField field={fields.description} label={t("fields.description")} required />
      <RadioGroupField
        field={fields.icon}
        legend={t("fields.icon")}
        values={choices}
        checked={initialIcon}
        variant="tiles"
      >
        {(name) => {
          const Icon = valueIcon(name);
          return (
            <span className="flex w-24 flex-col items-center gap-1 rounded-xl border border-slate-300 px-2 py-2 text-xs text-slate-700 peer-checked:border-blue-700 peer-checked:bg-blue-50 peer-checked:ring-2 peer-checked:ring-blue-700 peer-focus-visible:outline-3 peer-focus-visible:outline-blue-600">
              <Icon aria-hidden="true" className="size-6" />
              {t(`icons.${name}`)}
            </span>
          );
        }}
      </RadioGroupField>
      <ColorPicker field={fields.color} />
      <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
        <p className="mb-3 text-sm font-medium text-slate-700">{t("fields.preview")}</p>
        <div data-testid="value-preview" data-icon={previewIcon} className="flex items-center gap-3">
          <span
            className={`${gradientClass(String(fields.color.value ?? "blue"))} flex size-12 shrink-0 items-center justify-center rounded-xl text-white`}
          >
            <PreviewIcon aria-hidden="true" className="size-6" />
          </span>
          <span className="font-semibold text-slate-900">
            {String(fields.title.value ?? "") || t("fields.previewTitle")}
          </span>
        </div>
      </div>
      <OrderField field={fields.order} />
    </EntryForm>
  );
}
