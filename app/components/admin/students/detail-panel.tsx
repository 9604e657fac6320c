// The detail panel of one enrolment: every field, call and mail links, the status
// pipeline, the payment state and the internal notes. Opened by ?id=… (a modal dialog, closed
// by Escape, the close button or Back).

import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { EnrollmentSeatSummary, type EnrollmentSeatView } from "~/components/admin/classes/enrollment-seat";
import { AdminDialog } from "~/components/admin/dialog";
import { FormErrors } from "~/components/admin/form-parts";
import { PersonalDataSection } from "~/components/admin/personal-data-section";
import { ReachButtons } from "~/components/admin/reach-buttons";
import { StatusForm } from "~/components/admin/status-form";
import { TextAreaField } from "~/components/forms/fields";
import { SubmitRow, useSubmitting } from "~/components/forms/submit";
import { useAppForm } from "~/components/forms/use-app-form";
import { ThreadList } from "~/components/ui/item-list";
import { useTranslation } from "~/i18n/react";
import { formatDateTimeVi } from "~/lib/format";
import {
  allowedPaymentTransitions,
  allowedStatusTransitions,
  NOTE_MAX_LENGTH,
  noteSchema,
} from "~/schemas/enrollment-admin";
import { CancelEnrollment, type CancellationPreview } from "./cancel-enrollment";
import { courseLabel, experienceLabel, hearAboutLabel, scheduleLabel } from "./labels";
import { PaymentFields, type StudentPayment } from "./payment-fields";
import { PaymentBadge, StatusBadge } from "./status-badge";

export interface StudentDetail {
  id: string;
  fullName: string;
  phone: string;
  email: string;
  course: string;
  courseTitle: string | null;
  schedule: string;
  experience: string | null;
  goals: string | null;
  hearAbout: string | null;
  status: string;
  isProcessed: boolean;
  paymentStatus: string;
  /** The transfer reference (ADR 028), the fee due and what was received. */
  paymentReference: string;
  due?: number | null;
  payments?: readonly StudentPayment[];
  userAgent: string | null;
  language: string;
  createdAt: Date;
  /** Its class, when it chose one. */
  seat?: EnrollmentSeatView | null;
  /** Who "Hủy đăng ký" will mail, while its confirmation step is open (ADR 033). */
  cancellation?: CancellationPreview;
  notes: readonly { id: string; authorName: string; body: string; createdAt: Date }[];
  /** The person's placement test results, newest first (by email or phone). */
  placement?: readonly { submittedAt: Date; reached: string | null; startAt: string }[];
}

type ActionResult = SubmissionResult<string[]> | undefined;

export function StudentDetailPanel({
  student,
  lastResult,
}: {
  student: StudentDetail;
  lastResult: ActionResult;
}) {
  const { t } = useTranslation("admin-students");
  const { t: te } = useTranslation("enroll");
  const { t: tc } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === student.id;
  const optional = (value: string | null, label: (value: string) => string = (v) => v) =>
    value ? label(value) : <span className="text-slate-600 italic">{t("detail.notProvided")}</span>;
  // Only the buttons' errors show here; the note form shows its own.
  const panelErrors = lastResult?.error?.[""] ?? undefined;
  const nextStatuses = allowedStatusTransitions(student.status);
  // A cancellation has its own confirmation step (CancelEnrollment); the others are one click.
  const forwardStatuses = nextStatuses.filter((status) => status !== "cancelled");
  const nextPayments = allowedPaymentTransitions(student.paymentStatus);
  return (
    <AdminDialog title={t("detail.title")}>
      <div className="space-y-6">
        <div className="space-y-3">
          <p className="text-xl font-bold text-slate-900">{student.fullName}</p>
          <ReachButtons
            phone={student.phone}
            email={student.email}
            labels={{
              call: t("detail.call", { phone: student.phone }),
              mail: t("detail.mail", { email: student.email }),
            }}
          />
        </div>

        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          <Field label={te("fields.fullName")}>{student.fullName}</Field>
          <Field label={te("fields.phone")}>{student.phone}</Field>
          <Field label={te("fields.email")}>
            <span className="break-all">{student.email}</span>
          </Field>
          <Field label={te("fields.course")}>{courseLabel(te, student.course, student.courseTitle)}</Field>
          {student.seat && (
            <Field label={te("fields.classId")}>
              <EnrollmentSeatSummary seat={student.seat} />
            </Field>
          )}
          <Field label={te("fields.schedule")}>{scheduleLabel(te, student.schedule)}</Field>
          <Field label={te("fields.experience")}>
            {optional(student.experience, (v) => experienceLabel(te, v))}
          </Field>
          <Field label={te("fields.hearAbout")}>
            {optional(student.hearAbout, (v) => hearAboutLabel(te, v))}
          </Field>
          <Field label={t("detail.createdAt")}>{formatDateTimeVi(student.createdAt)}</Field>
          <Field label={t("detail.status")}>
            <StatusBadge status={student.status} />
          </Field>
          <Field label={t("detail.isProcessed")}>
            {student.isProcessed ? t("detail.processedYes") : t("detail.processedNo")}
          </Field>
          <Field label={t("detail.paymentStatus")}>
            <PaymentBadge status={student.paymentStatus} />
          </Field>
          <PaymentFields student={student} />
          {student.placement && student.placement.length > 0 && (
            <Field label={t("detail.placement")} wide>
              <ul className="space-y-1">
                {student.placement.map((result) => (
                  <li key={result.submittedAt.toISOString()}>
                    {t("detail.placementResult", {
                      reached: result.reached ?? t("detail.placementNone"),
                      start: result.startAt === "beyond" ? t("detail.placementBeyond") : result.startAt,
                      time: formatDateTimeVi(result.submittedAt),
                    })}
                  </li>
                ))}
              </ul>
            </Field>
          )}
          <Field label={t("detail.language")}>
            {tc(`language.${student.language}`, { defaultValue: student.language })}
          </Field>
          <Field label={te("fields.goals")} wide>
            <span className="whitespace-pre-line">{optional(student.goals)}</span>
          </Field>
          <Field label={t("detail.userAgent")} wide>
            <span className="text-xs break-all text-slate-700">{optional(student.userAgent)}</span>
          </Field>
          <Field label={t("detail.reference")} wide>
            <span className="font-mono text-xs">{student.id}</span>
          </Field>
        </dl>

        <FormErrors errors={panelErrors} />

        <section aria-labelledby="pipeline-heading" className="space-y-3 border-t border-slate-200 pt-4">
          <h3 id="pipeline-heading" className="font-semibold text-slate-900">
            {t("detail.pipeline")}
          </h3>
          {nextStatuses.length === 0 ? (
            <p className="text-sm text-slate-700">{t("detail.pipelineDone")}</p>
          ) : (
            <>
              {forwardStatuses.length > 0 && (
                <StatusForm
                  id={student.id}
                  statuses={forwardStatuses}
                  busy={busy}
                  quiet={() => false}
                  label={(status) => t("detail.moveTo", { status: t(`status.${status}`) })}
                />
              )}
              {nextStatuses.includes("cancelled") && (
                <CancelEnrollment id={student.id} preview={student.cancellation} busy={busy} />
              )}
            </>
          )}
          {/* While pending, the payment is recorded from the link beside "Đã nhận" above. */}
          {student.paymentStatus === "refunded" && (
            <p className="text-sm text-slate-700">{t("detail.paymentDone")}</p>
          )}
          {nextPayments.length > 0 && (
            <StatusForm
              id={student.id}
              intent="payment"
              field="paymentStatus"
              statuses={nextPayments}
              busy={busy}
              quiet={() => true}
              label={() => t("detail.refund")}
            />
          )}
        </section>

        <Notes student={student} lastResult={lastResult} />

        <PersonalDataSection
          record={{ id: student.id, name: student.fullName, email: student.email, phone: student.phone }}
          nameField="fullName"
          lastResult={lastResult}
        />
      </div>
    </AdminDialog>
  );
}

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : ""}>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-slate-900">{children}</dd>
    </div>
  );
}

function Notes({ student, lastResult }: { student: StudentDetail; lastResult: ActionResult }) {
  const { t } = useTranslation("admin-students");
  const adding = useSubmitting("note");
  const [form, fields] = useAppForm(noteSchema, {
    // A new id per saved note: the form starts empty again after each one.
    id: `note-${student.id}-${student.notes.length}`,
    lastResult,
  });
  return (
    <section aria-labelledby="notes-heading" className="space-y-3 border-t border-slate-200 pt-4">
      <h3 id="notes-heading" className="font-semibold text-slate-900">
        {t("notes.title")}
      </h3>
      <Form method="post" preventScrollReset {...getFormProps(form)} key={form.id} className="space-y-3">
        <input type="hidden" name="intent" value="note" />
        <input type="hidden" name="id" value={student.id} />
        <TextAreaField
          field={fields.body}
          label={t("notes.label")}
          hint={t("notes.hint")}
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
        />
        <SubmitRow pending={adding} pendingLabel={t("notes.adding")}>
          {t("notes.add")}
        </SubmitRow>
      </Form>
      <ThreadList items={student.notes} empty={t("notes.empty")}>
        {(note) => (
          <li key={note.id} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
            <p className="text-xs font-medium text-slate-600">
              {t("notes.meta", { author: note.authorName, time: formatDateTimeVi(note.createdAt) })}
            </p>
            <p className="mt-1 whitespace-pre-line text-slate-900">{note.body}</p>
          </li>
        )}
      </ThreadList>
    </section>
  );
}
