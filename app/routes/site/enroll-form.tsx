// The /enroll form (spec §2 Enrol, §4 Enrolment form, §5): idle → submitting (inputs and
// button disabled, "Đang xử lý...") → success screen, or an error above the form.
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo, useState } from "react";
import { SelectField, TextAreaField, TextField } from "~/components/forms/fields";
import {
  distinctMessages,
  FormError,
  FormTokenField,
  HoneypotField,
  PrivacyNotice,
  postSubmission,
  SubmitButton,
  shownFormToken,
  useMinimumFillTime,
} from "~/components/site/public-form";
import { useTranslation } from "~/i18n/react";
import { formatPriceVnd } from "~/lib/format";
import {
  CONSULTATION_COURSE,
  enrollmentExperiences,
  enrollmentSchedules,
  hearAboutSources,
} from "~/schemas/domain";
import { courseChoiceValues, enrollmentSchema } from "~/schemas/enrollment";
import { LONG_TEXT_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from "~/schemas/fields";

export interface CourseChoice {
  value: string;
  level: string;
  title: string;
  price: number;
}

export function EnrollmentForm({
  courses,
  defaultCourse,
  lastResult,
  formToken,
  onSent,
}: {
  courses: CourseChoice[];
  defaultCourse: string | undefined;
  lastResult: SubmissionResult<string[]> | undefined;
  /** issueFormToken's token, from the page's loader. */
  formToken: string;
  onSent: () => void;
}) {
  const { t, i18n } = useTranslation("enroll");
  const schema = useMemo(() => enrollmentSchema(courseChoiceValues(courses.map((c) => c.level))), [courses]);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string>();

  const token = shownFormToken(formToken, lastResult);
  const waitForMinimumFillTime = useMinimumFillTime(token);

  const [form, fields] = useForm({
    id: "enrollment",
    lastResult,
    defaultValue: { course: defaultCourse },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema, formatError: distinctMessages }),
    async onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      setSubmitting(true);
      setFailure(undefined);
      await waitForMinimumFillTime();
      const result = await postSubmission("/api/email/enrollment", submission.value, i18n.language);
      if (result.ok) return onSent();
      setSubmitting(false);
      // spec §8: the server's text, or "Lỗi gửi email"; "Có lỗi xảy ra khi đăng ký…" when the
      // server could not be reached.
      setFailure(result.reached ? (result.error ?? t("errors.sendFailed")) : t("errors.generic"));
    },
  });

  const formError = failure ?? form.errors?.map((key) => t(key)).join(" ");
  const courseOptions = [
    ...courses.map((course) => ({
      value: course.value,
      label: t("form.courseOption", {
        level: course.level,
        title: course.title,
        price: formatPriceVnd(course.price),
      }),
    })),
    { value: CONSULTATION_COURSE, label: t("form.consultation") },
  ];

  return (
    <form method="post" {...getFormProps(form)} className="relative space-y-5">
      <FormError message={formError || undefined} />
      <p className="text-sm text-slate-600">{t("form.requiredNote")}</p>
      <fieldset disabled={submitting} className="space-y-5">
        <TextField
          label={t("fields.fullName")}
          id={fields.fullName.id}
          key={fields.fullName.key}
          name={fields.fullName.name}
          defaultValue={fields.fullName.initialValue}
          errors={fields.fullName.errors}
          autoComplete="name"
          maxLength={NAME_MAX_LENGTH}
          required
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t("fields.phone")}
            type="tel"
            id={fields.phone.id}
            key={fields.phone.key}
            name={fields.phone.name}
            defaultValue={fields.phone.initialValue}
            errors={fields.phone.errors}
            autoComplete="tel"
            maxLength={PHONE_MAX_LENGTH}
            required
          />
          <TextField
            label={t("fields.email")}
            type="email"
            id={fields.email.id}
            key={fields.email.key}
            name={fields.email.name}
            defaultValue={fields.email.initialValue}
            errors={fields.email.errors}
            autoComplete="email"
            required
          />
        </div>
        <SelectField
          label={t("fields.course")}
          id={fields.course.id}
          key={fields.course.key}
          name={fields.course.name}
          defaultValue={fields.course.initialValue ?? ""}
          errors={fields.course.errors}
          placeholder={t("form.coursePlaceholder")}
          options={courseOptions}
          required
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label={t("fields.schedule")}
            id={fields.schedule.id}
            key={fields.schedule.key}
            name={fields.schedule.name}
            defaultValue={fields.schedule.initialValue ?? ""}
            errors={fields.schedule.errors}
            placeholder={t("form.schedulePlaceholder")}
            options={enrollmentSchedules.map((value) => ({ value, label: t(`schedules.${value}`) }))}
            required
          />
          <SelectField
            label={t("fields.experience")}
            id={fields.experience.id}
            key={fields.experience.key}
            name={fields.experience.name}
            defaultValue={fields.experience.initialValue ?? ""}
            errors={fields.experience.errors}
            placeholder={t("form.optionalPlaceholder")}
            options={enrollmentExperiences.map((value) => ({ value, label: t(`experiences.${value}`) }))}
          />
        </div>
        <SelectField
          label={t("fields.hearAbout")}
          id={fields.hearAbout.id}
          key={fields.hearAbout.key}
          name={fields.hearAbout.name}
          defaultValue={fields.hearAbout.initialValue ?? ""}
          errors={fields.hearAbout.errors}
          placeholder={t("form.optionalPlaceholder")}
          options={hearAboutSources.map((value) => ({ value, label: t(`hearAbout.${value}`) }))}
        />
        <TextAreaField
          label={t("fields.goals")}
          id={fields.goals.id}
          key={fields.goals.key}
          name={fields.goals.name}
          defaultValue={fields.goals.initialValue}
          errors={fields.goals.errors}
          placeholder={t("form.goalsPlaceholder")}
          maxLength={LONG_TEXT_MAX_LENGTH}
        />
        <HoneypotField />
        <FormTokenField token={token} />
        <SubmitButton pending={submitting} pendingLabel={t("form.submitting")}>
          {t("form.submit")}
        </SubmitButton>
      </fieldset>
      <PrivacyNotice />
    </form>
  );
}
