// Erase a person (the privacy page's "delete within 72 hours"): the admin names an
// email and/or a phone, sees how many records of each kind carry them, confirms, and everything
// goes at once. The audit log keeps who erased how much and when, not whom.

import { parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect, useNavigation } from "react-router";
import { staffOnly } from "~/auth/staff-guard.server";
import type { AdminHandle } from "~/components/admin/admin-page";
import { SettingsPage } from "~/components/admin/settings/settings-page";
import { CheckboxField, TextField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/forms/submit";
import { useKeptActionData } from "~/components/live-updates";
import { Alert } from "~/components/ui/alert";
import { useTranslation } from "~/i18n/react";
import { countPersonData, erasePerson, type PersonDataCounts } from "~/models/person-erasure.server";
import { erasePersonSchema, personQuerySchema } from "~/schemas/personal-data";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/settings.erase";

// Another admin's change to these records updates the counts live.
export const handle: AdminHandle = {
  liveTopics: ["enrollments", "messages", "newsletter", "outbox", "users"],
};

export const meta: Route.MetaFunction = (args) => pageMeta(args, "personal-data:erase.meta");

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const countKeys = [
  "enrollments",
  "enrollmentNotes",
  "contactMessages",
  "messageReplies",
  "newsletterSubscribers",
  "outboxMails",
  "accounts",
  "rateLimits",
] as const;

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin/settings/erase");
  const url = new URL(args.request.url);
  const raw = { email: url.searchParams.get("email") ?? "", phone: url.searchParams.get("phone") ?? "" };
  const erased = url.searchParams.get("done") === "erased" ? readErasedCounts(url.searchParams) : undefined;
  if (!raw.email && !raw.phone) return { person: raw, counts: undefined, error: undefined, erased };
  const parsed = personQuerySchema.safeParse(raw);
  if (!parsed.success) return { person: raw, counts: undefined, error: "personRequired" as const, erased };
  return {
    person: raw,
    counts: await countPersonData(args.context.db, parsed.data),
    error: undefined,
    erased,
  };
}

export async function action(args: Route.ActionArgs) {
  await staffOnly(args, "/admin/settings/erase");
  const { request, context } = args;
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: erasePersonSchema });
  if (submission.status !== "success") {
    return { status: "error" as const, error: submission.reply().error };
  }
  const { email, phone } = submission.value;
  const result = await erasePerson(
    context.db,
    { email, phone },
    { dataDir: context.config.DATA_DIR, by: "admin" },
  );
  // Only counts in the URL: the person's email and phone are gone and are not repeated.
  const params = new URLSearchParams({ done: "erased" });
  for (const [key, value] of Object.entries(result)) params.set(key, String(value));
  throw redirect(`/admin/settings/erase?${params}`);
}

function readErasedCounts(params: URLSearchParams) {
  const read = (key: string) => Math.max(0, Math.trunc(Number(params.get(key)) || 0));
  return {
    ...Object.fromEntries(countKeys.map((key) => [key, read(key)])),
    mailFiles: read("mailFiles"),
  } as PersonDataCounts & { mailFiles: number };
}

export default function ErasePerson({ loaderData, actionData: freshActionData }: Route.ComponentProps) {
  // What the last action answered stays while a live update reloads the page.
  const actionData = useKeptActionData(freshActionData);
  const { t } = useTranslation("personal-data");
  const navigation = useNavigation();
  const { person, counts, error, erased } = loaderData;
  const total = counts ? countKeys.reduce((sum, key) => sum + counts[key], 0) : 0;
  const erasing = navigation.state === "submitting" && navigation.formMethod === "POST";
  const confirmError = actionData?.error?.confirm?.[0];
  return (
    <SettingsPage id="erase-heading" back={t("backToSettings")} title={t("erase.title")}>
      <p className="text-slate-700">{t("erase.intro")}</p>
      {erased && (
        <Alert tone="success">
          <p className="font-semibold">{t("erase.done")}</p>
          <ul className="mt-2 list-disc pl-5">
            {[...countKeys, "mailFiles" as const].map((key) => (
              <li key={key}>{t(`erase.counts.${key}`, { count: erased[key] })}</li>
            ))}
          </ul>
        </Alert>
      )}
      <Form method="get" className="grid gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:grid-cols-2">
        <TextField label={t("erase.email")} name="email" type="email" defaultValue={person.email} />
        <TextField label={t("erase.phone")} name="phone" type="tel" defaultValue={person.phone} />
        <div className="sm:col-span-2">
          <SubmitButton variant="secondary" pending={false}>
            {t("erase.find")}
          </SubmitButton>
        </div>
      </Form>
      {error && <Alert tone="error">{t(`erase.errors.${error}`)}</Alert>}
      {counts && (
        <div className="space-y-4 rounded-2xl bg-white p-5 ring-1 ring-red-200">
          <h2 className="text-lg font-semibold text-slate-900">{t("erase.found")}</h2>
          <ul className="list-disc pl-5 text-slate-800" data-testid="erase-counts">
            {countKeys.map((key) => (
              <li key={key}>{t(`erase.counts.${key}`, { count: counts[key] })}</li>
            ))}
          </ul>
          {total === 0 ? (
            <p className="text-slate-700">{t("erase.nothing")}</p>
          ) : (
            <Form method="post" className="space-y-4">
              <input type="hidden" name="email" value={person.email} />
              <input type="hidden" name="phone" value={person.phone} />
              <CheckboxField
                variant="statement"
                name="confirm"
                label={<span>{t("erase.confirm")}</span>}
                errors={confirmError ? ["personal-data:erase.errors.confirm"] : undefined}
              />
              <SubmitButton variant="danger" pending={erasing} pendingLabel={t("erase.erasing")}>
                {t("erase.submit")}
              </SubmitButton>
            </Form>
          )}
        </div>
      )}
    </SettingsPage>
  );
}
