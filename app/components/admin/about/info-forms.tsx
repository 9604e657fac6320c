// The two singleton documents of the about page (spec §3): about/info ("general info" tab) and
// stats/general ("stats" tab). Each is one form saved in place.
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { type AboutInfoInput, aboutInfoSchema, defaultStats, type Stats, statsSchema } from "~/schemas/about";
import { FormErrors } from "../form-parts";
import { formResult } from "./entry-form";

type LastResult = unknown;

function SaveButton({ intent }: { intent: string }) {
  const { t } = useTranslation("admin-about");
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <div className="flex justify-end border-t border-slate-200 pt-4">
      <Button type="submit" name="intent" value={intent} disabled={saving}>
        {saving ? t("admin:dialog.saving") : t("admin:dialog.save")}
      </Button>
    </div>
  );
}

const infoFields = ["mission", "vision", "method", "description", "commitment"] as const;

export function GeneralInfoForm({
  info,
  lastResult,
}: {
  info: AboutInfoInput | null;
  lastResult: LastResult;
}) {
  const { t } = useTranslation("admin-about");
  const [form, fields] = useForm<z.input<typeof aboutInfoSchema>, z.output<typeof aboutInfoSchema>>({
    id: "about-info",
    lastResult: formResult(lastResult),
    defaultValue: info ?? {},
    constraint: {},
    // Not on blur: an error appearing as the focus leaves a field for the Save button moves the
    // button under the pointer and swallows the click. After a first save, errors follow typing.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: aboutInfoSchema }),
  });
  return (
    <Form
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <p className="text-slate-600">{t("general.intro")}</p>
      <FormErrors errors={form.errors} />
      {infoFields.map((name) => (
        <TextAreaField
          label={t(`general.${name}`)}
          errors={fields[name].errors}
          {...getTextareaProps(fields[name])}
          key={fields[name].key}
        />
      ))}
      <SaveButton intent="save-info" />
    </Form>
  );
}

const statFields = ["yearsActive", "totalStudents", "successRate", "averageRating"] as const;

export function StatsForm({
  stats,
  lastResult,
}: {
  stats: Partial<Record<keyof Stats, string | null>> | null;
  lastResult: LastResult;
}) {
  const { t } = useTranslation("admin-about");
  const [form, fields] = useForm<z.input<typeof statsSchema>, z.output<typeof statsSchema>>({
    id: "about-stats",
    lastResult: formResult(lastResult),
    defaultValue: Object.fromEntries(statFields.map((name) => [name, stats?.[name] ?? ""])),
    constraint: {},
    // Not on blur: an error appearing as the focus leaves a field for the Save button moves the
    // button under the pointer and swallows the click. After a first save, errors follow typing.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: statsSchema }),
  });
  return (
    <Form
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <p className="text-slate-600">{t("stats.intro")}</p>
      <FormErrors errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        {statFields.map((name) => (
          <TextField
            label={t(`stats.${name}`)}
            // spec §9: an empty field shows the default on the page; the placeholder says which.
            placeholder={defaultStats[name]}
            hint={t("stats.default", { value: defaultStats[name] })}
            errors={fields[name].errors}
            {...getInputProps(fields[name], { type: "text" })}
            key={fields[name].key}
          />
        ))}
      </div>
      <SaveButton intent="save-stats" />
    </Form>
  );
}
