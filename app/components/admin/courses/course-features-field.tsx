// A course's features as a list of text fields with add and remove buttons (spec §5: at least
// one field always remains). The Vietnamese form and the English/German form both use it; the
// translation's fields carry their language and show the Vietnamese original beneath.
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { Plus, Trash2 } from "lucide-react";
import { OriginalTextHint } from "~/components/admin/content-language/content-language-switch";
import { TextField } from "~/components/forms/fields";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import type { TranslationLanguage } from "~/lib/content-language";

export function CourseFeaturesField<Schema extends Record<string, unknown>>({
  form,
  field,
  translation,
}: {
  form: FormMetadata<Schema, string[]>;
  field: FieldMetadata<(string | undefined)[] | undefined, Schema, string[]>;
  /** In a translation: its language and the Vietnamese features, in order. */
  translation?: { language: TranslationLanguage; originals: readonly string[] };
}) {
  const { t } = useTranslation("admin");
  const features = field.getFieldList();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{t("courses.fields.features")}</legend>
      {features.map((feature, index) => {
        const original = translation?.originals[index];
        return (
          <div key={feature.key} className="flex items-start gap-2">
            <div className="flex-1">
              <TextField
                field={feature}
                lang={translation?.language}
                label={<span className="sr-only">{t("courses.fields.feature", { number: index + 1 })}</span>}
                hint={original ? <OriginalTextHint text={original} /> : undefined}
              />
            </div>
            <button
              {...form.remove.getButtonProps({ name: field.name, index })}
              disabled={features.length <= 1}
              aria-label={t("courses.fields.removeFeature", { number: index + 1 })}
              className={buttonClass("secondary", "mt-1.5 px-3 text-red-700")}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </div>
        );
      })}
      <button
        {...form.insert.getButtonProps({ name: field.name, defaultValue: "" })}
        className={buttonClass("ghost", "px-3 text-sm")}
      >
        <Plus aria-hidden="true" className="size-4" />
        {t("courses.fields.addFeature")}
      </button>
    </fieldset>
  );
}
