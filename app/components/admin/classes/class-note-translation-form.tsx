// The class dialog in English or German (ADR 032): a class translates one text, its note, shown
// beside the Vietnamese one. Left empty, the Vietnamese note stands. Saving posts intent=translate
// and writes that language alone; the meeting link and every other field are not part of it.
import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { OriginalTextHint } from "~/components/admin/content-language/content-language-switch";
import { TextAreaField } from "~/components/forms/fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { Button } from "~/components/ui/button";
import { DialogFooter } from "~/components/ui/dialog";
import { useTranslation } from "~/i18n/react";
import type { TranslationLanguage } from "~/lib/content-language";
import type { AdminClass } from "~/models/course-class.server";
import { CLASS_NOTE_MAX_LENGTH, classNoteTranslationSchema } from "~/schemas/course-class";
import { CancelLink } from "../dialog";
import { FormErrors } from "../form-parts";

/** The intent of a translation's save; the Vietnamese form's is "save". */
export const TRANSLATE_NOTE_INTENT = "translate";

export function ClassNoteTranslationForm({
  courseClass,
  language,
  lastResult,
}: {
  courseClass: AdminClass;
  language: TranslationLanguage;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-classes");
  const { t: ta } = useTranslation("admin");
  const { t: tl } = useTranslation("content-language");
  const navigation = useNavigation();
  const translated = courseClass.translations[language]?.note;
  const [form, fields] = useAppForm(classNoteTranslationSchema, {
    id: `class-${courseClass.id}-${language}`,
    lastResult,
    defaultValue: { language, note: typeof translated === "string" ? translated : "" },
  });
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("intent") === TRANSLATE_NOTE_INTENT;
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="id" value={courseClass.id} />
      <input type="hidden" name="language" value={language} />
      <p className="text-sm text-slate-700">{tl("translatingInto", { language: tl(`names.${language}`) })}</p>
      <FormErrors errors={form.errors} />
      <TextAreaField
        field={fields.note}
        label={t("fields.note")}
        rows={3}
        maxLength={CLASS_NOTE_MAX_LENGTH}
        lang={language}
        hint={<OriginalTextHint text={courseClass.note} />}
      />
      <DialogFooter>
        <CancelLink />
        <Button type="submit" name="intent" value={TRANSLATE_NOTE_INTENT} disabled={saving}>
          {saving ? ta("dialog.saving") : ta("dialog.save")}
        </Button>
      </DialogFooter>
    </Form>
  );
}
