// The /enroll success screen (spec §2 Enrol): the title in the page's language (ADR 023), the
// thanks and the 24-hour promise, then a recap of what was sent (the course, the schedule, the
// address the confirmation went to), how to pay the fee by transfer (ADR 028) — replaced by the
// confirmation when the money arrives while the page is open (issue 31) — and what happens next.
import { Form } from "react-router";
import { trialHref, trialLevelOfCourse } from "~/components/site/courses/course-links";
import { PublicFormSuccess } from "~/components/site/public-form";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { findChosenCourse } from "~/lib/chosen-course";
import { describeClassWhen } from "~/lib/class-dates";
import { isEnrollmentStage, stageRules } from "~/lib/enrollment-lifecycle";
import { paymentDetailsOfRecap } from "~/lib/payment-details";
import { CONSULTATION_COURSE } from "~/schemas/domain";
import { type ClassChoice, type CourseChoice, courseChoiceLabel, type EnrollmentRecap } from "./enroll-form";
import { PaymentNote } from "./payment-details";
import { LivePaymentDetails } from "./payment-progress";

const nextSteps = ["mail", "call", "trial"] as const;

/** The button goes back to a blank form (a GET of /enroll, so it works without JavaScript too). */
export function EnrollmentSuccess({
  sent,
  courses,
  classes,
  onAgain,
}: {
  sent: EnrollmentRecap;
  /** The open courses, to name the one chosen (a course closed meanwhile is left out). */
  courses: readonly CourseChoice[];
  /** The classes taking enrolments, to state the dates of the one chosen. */
  classes: readonly ClassChoice[];
  onAgain: () => void;
}) {
  const localize = useLocalizedPath();
  const { t } = useTranslation("enroll");
  const { t: tClass } = useTranslation("class-seats");
  useTranslation("schedule"); // the weekday names of describeClassWhen
  const klass = sent.classId ? classes.find((entry) => entry.id === sent.classId) : undefined;
  const course = sent.course === CONSULTATION_COURSE ? undefined : findChosenCourse(courses, sent.course);
  const courseName = course
    ? courseChoiceLabel(t, course)
    : sent.course === CONSULTATION_COURSE
      ? t("form.consultation")
      : undefined;
  const recap: [string, string, string][] = [
    ...(courseName ? [["course", t("fields.course"), courseName] as [string, string, string]] : []),
    ...(klass
      ? [["class", tClass("success.class"), describeClassWhen(tClass, klass)] as [string, string, string]]
      : []),
    ...(sent.waitlistPosition
      ? [
          [
            "waitlist",
            tClass("success.waitlist"),
            tClass("success.waitlistPosition", { position: sent.waitlistPosition }),
          ] as [string, string, string],
        ]
      : []),
    ["schedule", t("fields.schedule"), t(`schedules.${sent.schedule}`, { defaultValue: sent.schedule })],
    ["email", t("success.confirmationTo"), sent.email],
  ];
  // ADR 028: only when the school takes transfers and the enrolment has a fee.
  const payment = paymentDetailsOfRecap(sent);
  // ADR 033: what the mail says about paying, from the enrolment's stage.
  const paymentNote = isEnrollmentStage(sent.paymentStage)
    ? stageRules[sent.paymentStage].learnerNote
    : undefined;

  return (
    <PublicFormSuccess titleId="enroll-success-title" title={t("success.title")} text={t("success.text")}>
      <div className="mx-auto mt-6 max-w-lg space-y-6 text-left">
        <section aria-labelledby="enroll-recap-title" className="rounded-xl bg-slate-50 p-5">
          <h3 id="enroll-recap-title" className="font-semibold text-slate-900">
            {t("success.recapTitle")}
          </h3>
          <dl className="mt-3 space-y-2">
            {recap.map(([key, label, value]) => (
              <div key={key} className="sm:flex sm:gap-2" data-testid={`enroll-recap-${key}`}>
                <dt className="text-sm text-slate-600 sm:w-44 sm:shrink-0">{label}</dt>
                <dd className="font-medium break-words text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        {payment ? (
          <LivePaymentDetails
            payment={payment}
            note={paymentNote}
            token={sent.paymentStatusToken}
            headingId="enroll-payment-title"
            headingLevel="h3"
          />
        ) : (
          paymentNote && <PaymentNote note={paymentNote} />
        )}
        <section aria-labelledby="enroll-next-title">
          <h3 id="enroll-next-title" className="font-semibold text-slate-900">
            {t("success.nextTitle")}
          </h3>
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
            {nextSteps.map((step) => (
              <li key={step}>{t(`success.next.${step}`, { email: sent.email })}</li>
            ))}
          </ol>
        </section>
      </div>
      <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <a
          href={localize(trialHref("enroll", course ? trialLevelOfCourse(course.level) : undefined))}
          className={buttonClass("primary", "px-6 py-3")}
        >
          {t("success.bookTrial")}
        </a>
        <Form method="get" action={localize("/enroll")} onSubmit={onAgain}>
          <button type="submit" className={buttonClass("secondary", "px-6 py-3")}>
            {t("success.again")}
          </button>
        </Form>
      </div>
    </PublicFormSuccess>
  );
}
