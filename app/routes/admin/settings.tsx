import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Download, RotateCw, Search } from "lucide-react";
import { data, Form, Link, useLocation, useNavigation } from "react-router";
import type { z } from "zod";
import { adminOnly } from "~/auth/admin-guard.server";
import type { AdminHandle } from "~/components/admin/admin-page";
import { DoneNotice } from "~/components/admin/dialog";
import { FormErrors, ListError } from "~/components/admin/form-parts";
import { Pagination, pageParam } from "~/components/admin/pagination";
import { PrivacyLinks } from "~/components/admin/privacy-links";
import { Button, buttonClass } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import { useTranslation } from "~/i18n/react";
import { actionFailed, backToList, formId, unknownIntent, writeFailed } from "~/lib/admin-action.server";
import { formatDateTimeVi, formatDateVi } from "~/lib/format";
import { log } from "~/lib/log.server";
import { listOutbox } from "~/mail/outbox.server";
import { retryMail } from "~/mail/worker.server";
import { getContactConfig, updateContactConfig } from "~/models/contact-config.server";
import { listNewsletterSubscribers } from "~/models/newsletter.server";
import { LastAdminError, listUsers, setUserRole } from "~/models/user.server";
import {
  type NewsletterStatus,
  newsletterStatuses,
  type OutboxStatus,
  outboxStatuses,
  userRoles,
} from "~/schemas/domain";
import { contactConfigSchema, roleChangeSchema } from "~/schemas/settings";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/settings";

export const handle: AdminHandle = {
  adminTitle: "pages.settings.title",
  liveTopics: ["contacts", "users", "outbox", "newsletter"],
};

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin:pages.settings");

const tabs = ["contact", "users", "outbox", "newsletter"] as const;
type Tab = (typeof tabs)[number];

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.includes(value as T) ? (value as T) : undefined;
}

export async function loader(args: Route.LoaderArgs) {
  await adminOnly(args);
  const { db } = args.context;
  const url = new URL(args.request.url);
  const tab = oneOf(tabs, url.searchParams.get("tab")) ?? "contact";
  const page = pageParam(url);
  switch (tab) {
    case "contact":
      return { tab, contact: (await getContactConfig(db)) ?? null };
    case "users": {
      const query = url.searchParams.get("q")?.slice(0, 100) ?? "";
      return { tab, query, users: await listUsers(db, { query, page }) };
    }
    case "outbox": {
      const status = oneOf(outboxStatuses, url.searchParams.get("status"));
      return { tab, status, outbox: await listOutbox(db, { status, page }) };
    }
    case "newsletter": {
      const status = oneOf(newsletterStatuses, url.searchParams.get("status"));
      return { tab, status, subscribers: await listNewsletterSubscribers(db, { status, page }) };
    }
  }
}

export async function action(args: Route.ActionArgs) {
  const admin = await adminOnly(args);
  const { request, context } = args;
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "save-contact") {
    const submission = parseWithZod(formData, { schema: contactConfigSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const value = submission.value;
    try {
      await updateContactConfig(context.db, {
        address: value.address ?? "",
        description: value.description ?? "",
        email: value.email ?? "",
        phone: value.phone ?? "",
        zalo: value.zalo ?? "",
        facebook: value.facebook ?? "",
        instagram: value.instagram ?? "",
        twitter: value.twitter ?? "",
        youtube: value.youtube ?? "",
      });
    } catch (error) {
      return writeFailed(submission, "admin:errors.save", error);
    }
    log().info({ by: admin.email }, "admin: contact details changed");
    backToList(request, "saved");
  }

  if (intent === "set-role") {
    const submission = parseWithZod(formData, { schema: roleChangeSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    try {
      await setUserRole(context.db, submission.value.userId, submission.value.role);
    } catch (error) {
      if (error instanceof LastAdminError)
        return data(submission.reply({ formErrors: ["admin-settings:users.lastAdmin"] }), { status: 409 });
      return writeFailed(submission, "admin:errors.save", error);
    }
    log().info(
      { user: submission.value.userId, role: submission.value.role, by: admin.email },
      "admin: role set",
    );
    backToList(request, "saved");
  }

  if (intent === "retry-mail") {
    const id = formId(formData);
    try {
      if (!(await retryMail(context.db, id)))
        return data({ status: "error", error: { "": ["admin-settings:outbox.notFailed"] } }, { status: 409 });
    } catch (error) {
      return actionFailed("admin:errors.save", error);
    }
    backToList(request, "saved");
  }
  unknownIntent();
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-settings");
  const location = useLocation();
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">{t("title")}</h1>
      <nav aria-label={t("tabs.label")} className="flex flex-wrap gap-2 border-b border-slate-200 pb-3">
        {tabs.map((tab) => (
          <Link
            key={tab}
            to={`${location.pathname}?tab=${tab}`}
            aria-current={loaderData.tab === tab ? "page" : undefined}
            className={`rounded-lg px-4 py-2 text-sm font-semibold ${
              loaderData.tab === tab
                ? "bg-blue-700 text-white"
                : "bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            }`}
          >
            {t(`tabs.${tab}`)}
          </Link>
        ))}
        <PrivacyLinks />
        <Link
          to="/admin/settings/security"
          className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          {t("security.link")}
        </Link>
      </nav>
      <DoneNotice />
      {loaderData.tab === "contact" && <ContactTab contact={loaderData.contact} lastResult={actionData} />}
      {loaderData.tab === "users" && (
        <UsersTab query={loaderData.query} users={loaderData.users} lastResult={actionData} />
      )}
      {loaderData.tab === "outbox" && (
        <OutboxTab status={loaderData.status} outbox={loaderData.outbox} lastResult={actionData} />
      )}
      {loaderData.tab === "newsletter" && (
        <NewsletterTab status={loaderData.status} subscribers={loaderData.subscribers} />
      )}
    </div>
  );
}

type LastResult = Route.ComponentProps["actionData"];
type LoaderOf<T extends Tab> = Extract<Route.ComponentProps["loaderData"], { tab: T }>;

const contactFields = [
  "address",
  "email",
  "phone",
  "zalo",
  "facebook",
  "instagram",
  "twitter",
  "youtube",
] as const;

function ContactTab({
  contact,
  lastResult,
}: {
  contact: LoaderOf<"contact">["contact"];
  lastResult: LastResult;
}) {
  const { t } = useTranslation("admin-settings");
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof contactConfigSchema>, z.output<typeof contactConfigSchema>>({
    id: "contact-config",
    lastResult: lastResult && "initialValue" in lastResult ? lastResult : undefined,
    defaultValue: contact ?? {},
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactConfigSchema }),
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-contact";
  return (
    <section
      aria-labelledby="contact-heading"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="contact-heading" className="text-lg font-bold text-slate-900">
        {t("contact.heading")}
      </h2>
      <p className="mb-4 text-sm text-slate-600">{t("contact.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} />
        <TextAreaField
          label={t("contact.fields.description")}
          rows={3}
          errors={fields.description.errors}
          {...getTextareaProps(fields.description)}
          key={fields.description.key}
        />
        <div className="grid gap-4 md:grid-cols-2">
          {contactFields.map((name) => (
            <TextField
              label={t(`contact.fields.${name}`)}
              errors={fields[name].errors}
              placeholder={t(`contact.placeholders.${name}`)}
              {...getInputProps(fields[name], {
                type: name === "email" ? "email" : name === "phone" || name === "zalo" ? "tel" : "text",
              })}
              key={fields[name].key ?? name}
            />
          ))}
        </div>
        <div className="flex justify-end">
          <Button type="submit" name="intent" value="save-contact" disabled={saving}>
            {saving ? t("admin:dialog.saving") : t("admin:dialog.save")}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function UsersTab({
  query,
  users,
  lastResult,
}: {
  query: string;
  users: LoaderOf<"users">["users"];
  lastResult: LastResult;
}) {
  const { t } = useTranslation("admin-settings");
  const navigation = useNavigation();
  return (
    <section
      aria-labelledby="users-heading"
      className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="users-heading" className="text-lg font-bold text-slate-900">
        {t("users.heading")}
      </h2>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="tab" value="users" />
        <div className="min-w-56 flex-1">
          <TextField label={t("users.search")} name="q" type="search" defaultValue={query} />
        </div>
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" className="size-4" />
          {t("users.searchButton")}
        </Button>
      </Form>
      <ListError result={lastResult} />
      {users.rows.length === 0 ? (
        <p className="py-6 text-center text-slate-600">{t("users.empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">{t("users.heading")}</caption>
            <thead className="border-b border-slate-200 text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  {t("users.name")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("users.email")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("users.createdAt")}
                </th>
                <th scope="col" className="py-2">
                  {t("users.role")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {users.rows.map((user) => {
                const busy =
                  navigation.state === "submitting" && navigation.formData?.get("userId") === user.id;
                return (
                  <tr key={user.id}>
                    <td className="py-2 pr-3 font-medium text-slate-900">{user.name}</td>
                    <td className="py-2 pr-3 text-slate-700">{user.email}</td>
                    <td className="py-2 pr-3 text-slate-700">{formatDateVi(user.createdAt)}</td>
                    <td className="py-2">
                      <Form method="post" className="flex items-center gap-2">
                        <input type="hidden" name="userId" value={user.id} />
                        <label className="sr-only" htmlFor={`role-${user.id}`}>
                          {t("users.roleOf", { name: user.name })}
                        </label>
                        <select
                          id={`role-${user.id}`}
                          name="role"
                          defaultValue={user.role}
                          key={user.role}
                          className="rounded-lg border border-slate-300 bg-white px-2 py-1.5"
                        >
                          {userRoles.map((role) => (
                            <option key={role} value={role}>
                              {t(`users.roles.${role}`)}
                            </option>
                          ))}
                        </select>
                        <Button
                          type="submit"
                          name="intent"
                          value="set-role"
                          variant="secondary"
                          className="px-3 py-1.5 text-sm"
                          disabled={busy}
                          aria-label={t("users.saveRole", { name: user.name })}
                        >
                          {t("admin:dialog.save")}
                        </Button>
                      </Form>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={users.page} pageSize={users.pageSize} total={users.total} />
    </section>
  );
}

function StatusFilter<T extends string>({
  tab,
  statuses,
  current,
  label,
}: {
  tab: Tab;
  statuses: readonly T[];
  current: T | undefined;
  label: (status: T | "all") => string;
}) {
  const { t } = useTranslation("admin-settings");
  const chip = (status: T | undefined) => (
    <Link
      key={status ?? "all"}
      to={`?tab=${tab}${status ? `&status=${status}` : ""}`}
      aria-current={current === status ? "page" : undefined}
      className={`rounded-full px-3 py-1 text-sm font-medium ring-1 ${
        current === status
          ? "bg-slate-900 text-white ring-slate-900"
          : "bg-white text-slate-700 ring-slate-300"
      }`}
    >
      {label(status ?? "all")}
    </Link>
  );
  return (
    <nav aria-label={t("filter")} className="flex flex-wrap gap-2">
      {chip(undefined)}
      {statuses.map((status) => chip(status))}
    </nav>
  );
}

const outboxTone: Record<string, string> = {
  queued: "bg-amber-50 text-amber-900 ring-amber-300",
  sent: "bg-green-50 text-green-800 ring-green-300",
  failed: "bg-red-50 text-red-800 ring-red-300",
};

function OutboxTab({
  status,
  outbox,
  lastResult,
}: {
  status: OutboxStatus | undefined;
  outbox: LoaderOf<"outbox">["outbox"];
  lastResult: LastResult;
}) {
  const { t } = useTranslation("admin-settings");
  return (
    <section
      aria-labelledby="outbox-heading"
      className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div>
        <h2 id="outbox-heading" className="text-lg font-bold text-slate-900">
          {t("outbox.heading")}
        </h2>
        <p className="text-sm text-slate-600">{t("outbox.intro")}</p>
      </div>
      <StatusFilter
        tab="outbox"
        statuses={outboxStatuses}
        current={status}
        label={(value) => t(`outbox.status.${value}`)}
      />
      <ListError result={lastResult} />
      {outbox.rows.length === 0 ? (
        <p className="py-6 text-center text-slate-600">{t("outbox.empty")}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {outbox.rows.map((mail) => (
            <li key={mail.id} className="flex flex-wrap items-start gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">{mail.subject}</p>
                <p className="text-sm text-slate-700">
                  {t("outbox.to", { to: mail.to })} · {formatDateTimeVi(mail.createdAt)} ·{" "}
                  {t("outbox.attempts", { count: mail.attempts })}
                </p>
                {mail.status === "failed" && mail.lastError && (
                  <p className="mt-1 break-words text-sm text-red-800">
                    {t("outbox.lastError", { error: mail.lastError })}
                  </p>
                )}
                {mail.status === "queued" && mail.attempts > 0 && (
                  <p className="mt-1 text-sm text-slate-700">
                    {t("outbox.nextAttempt", { at: formatDateTimeVi(mail.nextAttemptAt) })}
                    {mail.lastError ? ` — ${mail.lastError}` : ""}
                  </p>
                )}
              </div>
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${outboxTone[mail.status] ?? ""}`}
              >
                {t(`outbox.status.${mail.status}`, { defaultValue: mail.status })}
              </span>
              {mail.status === "failed" && (
                <Form method="post">
                  <input type="hidden" name="id" value={mail.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="retry-mail"
                    variant="secondary"
                    className="px-3 py-1.5 text-sm"
                    aria-label={t("outbox.retryOne", { subject: mail.subject })}
                  >
                    <RotateCw aria-hidden="true" className="size-4" />
                    {t("outbox.retry")}
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={outbox.page} pageSize={outbox.pageSize} total={outbox.total} />
    </section>
  );
}

function NewsletterTab({
  status,
  subscribers,
}: {
  status: NewsletterStatus | undefined;
  subscribers: LoaderOf<"newsletter">["subscribers"];
}) {
  const { t } = useTranslation("admin-settings");
  return (
    <section
      aria-labelledby="newsletter-heading"
      className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="newsletter-heading" className="text-lg font-bold text-slate-900">
          {t("newsletter.heading")}
        </h2>
        <a
          href={`/admin/settings/newsletter.csv${status ? `?status=${status}` : ""}`}
          download
          className={buttonClass("secondary", "text-sm")}
        >
          <Download aria-hidden="true" className="size-4" />
          {t("newsletter.export")}
        </a>
      </div>
      <StatusFilter
        tab="newsletter"
        statuses={newsletterStatuses}
        current={status}
        label={(value) => t(`newsletter.status.${value}`)}
      />
      {subscribers.rows.length === 0 ? (
        <p className="py-6 text-center text-slate-600">{t("newsletter.empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">{t("newsletter.heading")}</caption>
            <thead className="border-b border-slate-200 text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  {t("newsletter.email")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("newsletter.statusLabel")}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t("newsletter.language")}
                </th>
                <th scope="col" className="py-2">
                  {t("newsletter.since")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {subscribers.rows.map((subscriber) => (
                <tr key={subscriber.id}>
                  <td className="py-2 pr-3 font-medium text-slate-900">{subscriber.email}</td>
                  <td className="py-2 pr-3">{t(`newsletter.status.${subscriber.status}`)}</td>
                  <td className="py-2 pr-3 uppercase">{subscriber.language}</td>
                  <td className="py-2">{formatDateVi(subscriber.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={subscribers.page} pageSize={subscribers.pageSize} total={subscribers.total} />
    </section>
  );
}
