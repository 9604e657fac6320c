// Settings › Trial lesson (issue 29, ADR 046): what /trial offers as a free trial — the school's
// own trial sessions, a seat in an upcoming session of a real class, or both — and how many trial
// learners one class session takes beside its enrolled learners.
import { getFormProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { RadioGroupField, TextField } from "~/components/forms/fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { useTranslation } from "~/i18n/react";
import { offersClassSessions, trialOffers } from "~/lib/trial-lesson";
import type { TrialSettings } from "~/models/trial-lesson.server";
import { TRIAL_CLASS_SEATS_MAX, trialSettingsSchema } from "~/schemas/trial-admin";
import { FormErrors, SaveRow } from "../form-parts";
import { SettingsSection } from "./settings-page";

/** The intent of the tab's save. */
export const SAVE_TRIAL_SETTINGS_INTENT = "save-trial";

export function TrialTab({ settings, lastResult }: { settings: TrialSettings; lastResult: unknown }) {
  const { t } = useTranslation("admin-trials");
  const [form, fields] = useAppForm(trialSettingsSchema, {
    id: "trial-settings",
    lastResult,
    defaultValue: { offer: settings.offer, classSeats: String(settings.classSeats) },
  });
  return (
    <SettingsSection id="trial-settings-heading" title={t("settings.heading")} intro={t("settings.intro")}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} />
        <RadioGroupField
          field={fields.offer}
          legend={t("settings.offer")}
          values={trialOffers}
          checked={settings.offer}
        >
          {(offer) => (
            <span>
              <span className="font-medium text-slate-900">{t(`settings.offers.${offer}`)}</span>
              <span className="block text-sm text-slate-600">{t(`settings.offerHints.${offer}`)}</span>
            </span>
          )}
        </RadioGroupField>
        <TextField
          field={fields.classSeats}
          label={t("settings.classSeats")}
          hint={t("settings.classSeatsHint")}
          type="number"
          min={1}
          max={TRIAL_CLASS_SEATS_MAX}
          required
        />
        {!offersClassSessions(settings.offer) && (
          <p className="text-sm text-slate-600">{t("settings.classSeatsUnused")}</p>
        )}
        <p className="text-sm">
          <Link to="/admin/trials?tab=sessions" className="font-semibold text-blue-700 hover:underline">
            {t("settings.sessionsLink")}
          </Link>
        </p>
        <SaveRow intent={SAVE_TRIAL_SETTINGS_INTENT} />
      </Form>
    </SettingsSection>
  );
}
