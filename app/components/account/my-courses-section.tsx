// "Khóa học của tôi" on /profile (ADR 026): the learner's enrolments once their address is
// proven, each with its class's dates, where it stands, the payment, the waitlist position, the
// class's calendar file and, with a seat, what they see of the class (issue 30: my-class-panel),
// then their trial lessons (issue 29); until then, the notice with "send the link again". Plain
// forms and links: cancelling asks for confirmation through the URL (?cancel=<id>), without
// JavaScript.

import { CalendarDays } from "lucide-react";
import { Form, Link } from "react-router";
import { SubmitButton } from "~/components/forms/submit";
import { PaymentDetailsCard, PaymentNote } from "~/components/site/payment-details";
import { classCalendarHref } from "~/components/site/schedule/schedule-links";
import { usePageLanguage } from "~/components/site/use-localized-path";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import type { TFunction } from "~/i18n/translator";
import { hourMinute } from "~/lib/class-dates";
import { myCourseName } from "~/lib/course-name";
import { formatDateVi, formatPriceVnd } from "~/lib/format";
import type { LearnerIntent, LearnerResult } from "~/lib/learner-intents";
import type { PaymentDetails } from "~/lib/payment-details";
import { AccountSection, IntentForm, useIntentResults } from "./account-form";
import { type MyClass, MyClassPanel } from "./my-class-panel";
import { type MyTrial, MyTrials } from "./my-trials";

export interface MyCourse {
  id: string;
  level: string;
  courseTitle: string | null;
  status: string;
  paymentStatus: string;
  createdAt: Date | string;
  classId: string | null;
  classStartsOn: string | null;
  classWeekdays: number[] | null;
  classStartTime: string | null;
  classEndTime: string | null;
  waitlistPosition: number | null;
  /** How to pay by transfer, while the fee is due (ADR 028, 033). */
  payment?: PaymentDetails;
  /** The lifecycle's line about paying (an i18n key, ADR 033). */
  paymentNote?: string;
  /** Part of the fee received while the rest is still due (ADR 050). */
  partial?: { received: number; due: number };
  /** What the learner sees of the class while the enrolment holds a seat in it (issue 30). */
  myClass?: MyClass | null;
}

export interface MyCoursesData {
  emailVerified: boolean;
  enrollments: MyCourse[];
  justCancelled: boolean;
  confirmCancel: string | undefined;
  trials: MyTrial[];
  justCancelledTrial: boolean;
  confirmCancelTrial: string | undefined;
}

/** "Khai giảng 05/01/2027 · Thứ 2, Thứ 4 · 19:00–20:30" (Vietnam time, as stored); the weekdays
 * are named as /schedule names them. */
function classLine(t: TFunction, tSchedule: TFunction, course: MyCourse) {
  if (!course.classStartsOn) return t("myCourses.noClass");
  const days = [...(course.classWeekdays ?? [])]
    .sort((a, b) => a - b)
    .map((day) => tSchedule(`weekdays.${day}`))
    .join(", ");
  const sessions = t("myCourses.sessions", {
    days,
    from: hourMinute(course.classStartTime ?? ""),
    to: hourMinute(course.classEndTime ?? ""),
  });
  return `${t("myCourses.startsOn", { date: formatDateVi(course.classStartsOn) })} · ${sessions}`;
}

export function MyCoursesSection({
  email,
  data,
  actionData,
}: {
  email: string;
  data: MyCoursesData;
  actionData: LearnerResult | undefined;
}) {
  const { t } = useTranslation("account");
  const { busy, result } = useIntentResults<LearnerIntent, LearnerResult>(actionData);
  const notice = (intent: LearnerIntent) => {
    const r = result(intent);
    if (r?.ok) return <Alert tone="success">{t(r.ok, { email })}</Alert>;
    const error = r?.errors?.[""]?.[0];
    return error ? <Alert tone="error">{t(error, { count: r?.retryAfterMinutes })}</Alert> : null;
  };

  if (!data.emailVerified) {
    return (
      <AccountSection id="my-courses-heading" title={t("verification.notice.heading")}>
        {notice("resend-verification")}
        <p className="text-slate-700">{t("verification.notice.text", { email })}</p>
        <IntentForm intent="resend-verification">
          <SubmitButton variant="secondary" pending={busy("resend-verification")}>
            {t("verification.resend")}
          </SubmitButton>
        </IntentForm>
      </AccountSection>
    );
  }

  return (
    <AccountSection id="my-courses-heading" title={t("myCourses.heading")}>
      {data.justCancelled && <Alert tone="success">{t("myCourses.cancelled")}</Alert>}
      {data.justCancelledTrial && <Alert tone="success">{t("myTrials.cancelled")}</Alert>}
      {notice("cancel-enrollment")}
      {notice("cancel-trial")}
      {data.enrollments.length === 0 ? (
        <div className="space-y-3">
          <p className="text-slate-700">{t("myCourses.empty", { email })}</p>
          <Link to="/enroll" className={buttonClass("primary")}>
            {t("myCourses.enrollLink")}
          </Link>
        </div>
      ) : (
        <ul className="space-y-4">
          {data.enrollments.map((course) => (
            <MyCourseItem
              key={course.id}
              course={course}
              confirming={data.confirmCancel === course.id}
              pending={busy("cancel-enrollment")}
            />
          ))}
        </ul>
      )}
      <MyTrials trials={data.trials} confirming={data.confirmCancelTrial} pending={busy("cancel-trial")} />
    </AccountSection>
  );
}

function MyCourseItem({
  course,
  confirming,
  pending,
}: {
  course: MyCourse;
  confirming: boolean;
  pending: boolean;
}) {
  const { t } = useTranslation("account");
  const { t: tSchedule } = useTranslation("schedule");
  const { t: tPayment } = useTranslation("payment");
  const language = usePageLanguage();
  const name = myCourseName(t, course);
  const cancelled = course.status === "cancelled";
  const headingId = `my-course-${course.id}`;
  return (
    <li className="space-y-3 rounded-xl p-4 ring-1 ring-slate-200">
      <div>
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          {name}
        </h3>
        <p className="text-sm text-slate-600">
          {t("myCourses.enrolledOn", { date: formatDateVi(course.createdAt) })}
        </p>
      </div>
      <p className="flex items-start gap-2 text-slate-800">
        <CalendarDays aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-blue-700" />
        <span>{classLine(t, tSchedule, course)}</span>
      </p>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-600">{t("myCourses.statusLabel")}</dt>
        <dd className="text-slate-900">{t(`myCourses.status.${course.status}`)}</dd>
        <dt className="font-medium text-slate-600">{t("myCourses.paymentLabel")}</dt>
        <dd className="text-slate-900">
          {course.partial
            ? tPayment("live.partial", {
                received: formatPriceVnd(course.partial.received),
                due: formatPriceVnd(course.partial.due),
                left: formatPriceVnd(Math.max(course.partial.due - course.partial.received, 0)),
              })
            : t(`myCourses.payment.${course.paymentStatus}`)}
        </dd>
      </dl>
      {course.partial && course.payment && (
        <p className="text-sm text-slate-700">
          {tPayment("live.partialQr", {
            due: formatPriceVnd(course.payment.amount),
            left: formatPriceVnd(Math.max(course.partial.due - course.partial.received, 0)),
          })}
        </p>
      )}
      {course.waitlistPosition !== null && (
        <p className="font-medium text-amber-800">
          {t("myCourses.waitlist", { position: course.waitlistPosition })}
        </p>
      )}
      {course.payment ? (
        <PaymentDetailsCard
          payment={course.payment}
          note={course.paymentNote}
          headingId={`${headingId}-payment`}
          headingLevel="h4"
        />
      ) : (
        course.paymentNote && <PaymentNote note={course.paymentNote} />
      )}
      {!cancelled && course.myClass && <MyClassPanel enrollmentId={course.id} myClass={course.myClass} />}
      {!cancelled && (
        <div className="flex flex-wrap items-center gap-3">
          {course.classId && (
            <a
              href={classCalendarHref(course.classId, language)}
              className="text-sm font-semibold text-blue-700 underline hover:text-blue-800"
            >
              {t("myCourses.calendar")}
            </a>
          )}
          {!confirming && (
            <Link
              to={`?cancel=${course.id}#${headingId}`}
              preventScrollReset
              className="text-sm font-semibold text-red-700 underline hover:text-red-800"
            >
              {t("myCourses.cancel")}
            </Link>
          )}
        </div>
      )}
      {!cancelled && confirming && (
        <Form
          method="post"
          action="/profile"
          className="space-y-3 rounded-lg bg-red-50 p-4 ring-1 ring-red-200"
        >
          <p className="text-red-900">{t("myCourses.confirmText", { course: name })}</p>
          <input type="hidden" name="intent" value="cancel-enrollment" />
          <input type="hidden" name="enrollmentId" value={course.id} />
          <div className="flex flex-wrap gap-3">
            <SubmitButton variant="danger" pending={pending}>
              {t("myCourses.confirm")}
            </SubmitButton>
            <Link to="/profile" preventScrollReset className={buttonClass("secondary")}>
              {t("myCourses.keep")}
            </Link>
          </div>
        </Form>
      )}
    </li>
  );
}
