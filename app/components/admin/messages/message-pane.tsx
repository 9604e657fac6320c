// The reading pane of one message: every field, call and mail links, the status
// buttons, the thread of replies with the state of each reply's mail, and the reply form.

import type { SubmissionResult } from "@conform-to/react";
import { ArrowLeft } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { FormErrors } from "~/components/admin/form-parts";
import { PersonalDataSection } from "~/components/admin/personal-data-section";
import { ReachButtons } from "~/components/admin/reach-buttons";
import { StatusForm } from "~/components/admin/status-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ThreadList } from "~/components/ui/item-list";
import { useTranslation } from "~/i18n/react";
import { formatDateTimeVi } from "~/lib/format";
import type { ReplyDraft } from "~/mail/templates/message-reply.server";
import type { AdminMessage } from "~/models/contact-message.server";
import { allowedMessageTransitions } from "~/schemas/message-reply";
import { ReplyForm } from "./reply-form";
import { MessageStatusBadge, ResponseTime } from "./status-badge";

type ActionResult = SubmissionResult<string[]> | undefined;

export function MessagePane({
  message,
  draft,
  closeHref,
  replied,
  lastResult,
}: {
  message: AdminMessage;
  /** The reply mail, as the reply form starts it. */
  draft: ReplyDraft;
  closeHref: string;
  /** A reply was just sent (the redirect after it says so). */
  replied: boolean;
  lastResult: ActionResult;
}) {
  const { t } = useTranslation("admin-messages");
  const { t: tc } = useTranslation("contact");
  const { t: tcommon } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening a message moves the focus to it (keyboard and screen-reader users land on what they
  // chose). The route keys the pane by message, so a live revalidation leaves the focus alone.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  // Read means seen on screen: the pane posts it once it is shown in a browser,
  // never the page's GET (a link preview or prefetch would mark it read). Keyed by message, so a
  // live revalidation does not post again.
  const markRead = useFetcher();
  const unread = !message.isRead;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opened message
  useEffect(() => {
    if (unread)
      markRead.submit(
        { intent: "read", id: message.id, from: "pane" },
        { method: "post", preventScrollReset: true },
      );
  }, []);
  const subject = tc(`subjects.${message.subject}`, { defaultValue: message.subject });
  // The reply form shows its own result (field and form errors, typed text kept); the status
  // buttons' errors show above the message.
  const replyResult = lastResult?.initialValue?.intent === "reply" ? lastResult : undefined;
  const paneErrors = replyResult ? undefined : (lastResult?.error?.[""] ?? undefined);
  return (
    <article
      aria-labelledby="message-heading"
      className="space-y-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="space-y-3">
        <Link
          to={closeHref}
          preventScrollReset
          className="inline-flex items-center gap-1 text-sm font-medium text-blue-800 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("pane.back")}
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2
              id="message-heading"
              ref={heading}
              tabIndex={-1}
              className="text-xl font-bold text-slate-900 focus:outline-none"
            >
              {message.name}
            </h2>
            <p className="text-slate-700">{subject}</p>
          </div>
          <MessageStatusBadge status={message.status} />
        </div>
        <ReachButtons
          phone={message.phone}
          email={message.email}
          mailSubject={`Re: ${subject}`}
          labels={{
            call: t("pane.call", { phone: message.phone }),
            mail: t("pane.mail", { email: message.email }),
          }}
        />
      </div>

      {replied && <Alert tone="success">{t("reply.sent")}</Alert>}
      <FormErrors errors={paneErrors} />

      <div className="rounded-xl bg-slate-50 p-4 whitespace-pre-wrap text-slate-900 ring-1 ring-slate-200">
        <h3 className="sr-only">{tc("fields.message")}</h3>
        {message.message}
      </div>

      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {(
          [
            [tc("fields.name"), message.name],
            [tc("fields.email"), message.email],
            [tc("fields.phone"), message.phone],
            [tc("fields.subject"), subject],
            [
              tc("fields.contactMethod"),
              tc(`methods.${message.contactMethod}`, { defaultValue: message.contactMethod }),
            ],
            [t("pane.receivedAt"), formatDateTimeVi(message.createdAt)],
            [t("pane.status"), <MessageStatusBadge key="status" status={message.status} />],
            [
              t("pane.responseTime"),
              message.responseTime === null ? (
                t("pane.notAnswered")
              ) : (
                <ResponseTime key="time" seconds={message.responseTime} />
              ),
            ],
            [t("pane.language"), tcommon(`language.${message.language}`, { defaultValue: message.language })],
          ] as const
        ).map(([label, value]) => (
          <Field key={label} label={label}>
            {value}
          </Field>
        ))}
        <Field label={t("pane.ipAddress")}>{message.ipAddress || t("pane.notRecorded")}</Field>
        <Field label={t("pane.userAgent")} className="sm:col-span-2">
          <span className="break-all">{message.userAgent || t("pane.notRecorded")}</span>
        </Field>
      </dl>

      <StatusActions message={message} />

      <PersonalDataSection
        record={{ id: message.id, name: message.name, email: message.email, phone: message.phone }}
        nameField="name"
        lastResult={lastResult}
      />

      <section aria-labelledby="thread-heading" className="space-y-3">
        <h3 id="thread-heading" className="text-lg font-bold text-slate-900">
          {t("thread.title")}
        </h3>
        <ThreadList items={message.replies} empty={t("thread.empty")}>
          {(reply) => <ReplyItem key={reply.id} reply={reply} />}
        </ThreadList>
        <ReplyForm key={message.id} message={message} draft={draft} lastResult={replyResult} />
      </section>
    </article>
  );
}

function Field({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-slate-900">{children}</dd>
    </div>
  );
}

const mailTones: Record<string, string> = {
  queued: "bg-amber-50 text-amber-900 ring-amber-300",
  sent: "bg-green-50 text-green-800 ring-green-300",
  failed: "bg-red-50 text-red-800 ring-red-300",
};

/** One reply of the thread: who sent it, when, whether the mail went out, and its text. */
function ReplyItem({ reply }: { reply: AdminMessage["replies"][number] }) {
  return (
    <li className="rounded-xl bg-blue-50/60 p-4 ring-1 ring-blue-100">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="font-semibold text-slate-900">{reply.authorName}</span>
        <span aria-hidden="true" className="text-slate-500">
          ·
        </span>
        <time dateTime={new Date(reply.createdAt).toISOString()} className="text-slate-700">
          {formatDateTimeVi(reply.createdAt)}
        </time>
        <MailState status={reply.mailStatus} error={reply.mailError} />
      </p>
      <p className="mt-2 whitespace-pre-wrap text-slate-900">{reply.body}</p>
    </li>
  );
}

/** The delivery state of a reply's mail, as the outbox knows it (live: the outbox topic). */
function MailState({ status, error }: { status: string | null; error: string | null }) {
  const { t } = useTranslation("admin-messages");
  const state = status && status in mailTones ? status : "unknown";
  return (
    <span
      title={state === "failed" && error ? error : undefined}
      className={`ml-auto rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${
        mailTones[state] ?? "bg-slate-100 text-slate-700 ring-slate-300"
      }`}
    >
      {t(`thread.mail.${state}`)}
    </span>
  );
}

/** The status buttons the current status allows (schemas/message-reply.ts), and "mark unread". */
function StatusActions({ message }: { message: AdminMessage }) {
  const { t } = useTranslation("admin-messages");
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("id") === message.id &&
    navigation.formData.get("intent") !== "reply";
  const targets = allowedMessageTransitions(message.status, message.responseTime !== null);
  return (
    <div className="flex flex-wrap gap-2">
      <StatusForm
        id={message.id}
        statuses={targets}
        busy={busy}
        quiet={(status) => status === "closed"}
        label={(status) => (message.status === "closed" ? t("actions.reopen") : t(`actions.${status}`))}
      />
      {/* Read or unread by hand: without JavaScript nothing marks the message read by itself. */}
      <Form method="post" preventScrollReset>
        <input type="hidden" name="id" value={message.id} />
        <Button
          type="submit"
          name="intent"
          value={message.isRead ? "unread" : "read"}
          variant="ghost"
          disabled={busy}
        >
          {t(message.isRead ? "actions.unread" : "actions.read")}
        </Button>
      </Form>
    </div>
  );
}
