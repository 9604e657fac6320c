import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useRef } from "react";
import { data, Form, Link, useLocation, useNavigation } from "react-router";
import type { z } from "zod";
import { adminOnly } from "~/auth/admin-guard.server";
import type { AdminHandle } from "~/components/admin/admin-page";
import { AdminDialog, ConfirmDeleteDialog, DialogActions, DoneNotice } from "~/components/admin/dialog";
import { dialogHref, readDialog } from "~/components/admin/dialog-url";
import { ColorPicker, FormErrors, ListError } from "~/components/admin/form-parts";
import { levelName } from "~/components/site/courses/level-name";
import { buttonClass } from "~/components/ui/button";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { useTranslation } from "~/i18n/react";
import { actionFailed, backToList, formId, unknownIntent, writeFailed } from "~/lib/admin-action.server";
import { formatPriceVnd } from "~/lib/format";
import {
  type AdminCourse,
  createCourse,
  deleteCourse,
  listCoursesForAdmin,
  setCourseActive,
  updateCourse,
} from "~/models/course.server";
import { courseSchema, priceField } from "~/schemas/course";
import { courseLevels } from "~/schemas/domain";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/courses";

export const handle: AdminHandle = { adminTitle: "pages.courses.title", liveTopics: ["courses"] };

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin:pages.courses");

export async function loader(args: Route.LoaderArgs) {
  await adminOnly(args);
  const courses = await listCoursesForAdmin(args.context.db);
  const dialog = readDialog(args.request.url);
  // A dialog for a course that is gone (deleted in another tab) is a stale link: show the list.
  const target = dialog?.id ? courses.find((course) => course.id === dialog.id) : undefined;
  return { courses, dialog: dialog && (dialog.mode === "new" || target) ? dialog : undefined };
}

export async function action(args: Route.ActionArgs) {
  await adminOnly(args);
  const { request, context } = args;
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "save") {
    const submission = parseWithZod(formData, { schema: courseSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const id = formData.get("id") ? formId(formData) : undefined;
    try {
      if (!id) await createCourse(context.db, submission.value);
      else if (!(await updateCourse(context.db, id, submission.value)))
        return data(submission.reply({ formErrors: ["admin:errors.notFound"] }), { status: 409 });
    } catch (error) {
      return writeFailed(submission, "admin:errors.saveCourse", error);
    }
    backToList(request, "saved");
  }

  if (intent === "delete") {
    const id = formId(formData);
    try {
      await deleteCourse(context.db, id);
    } catch (error) {
      return actionFailed("admin:errors.delete", error);
    }
    backToList(request, "deleted");
  }

  if (intent === "toggle-active") {
    const id = formId(formData);
    try {
      await setCourseActive(context.db, id, formData.get("active") === "true");
    } catch (error) {
      return actionFailed("admin:errors.saveCourse", error);
    }
    return { status: "success" as const };
  }
  unknownIntent();
}

export default function AdminCourses({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const { courses } = loaderData;
  // A live reload (any change another admin or a learner makes) re-runs the loader, which drops
  // the dialog of a course deleted meanwhile. An edit dialog already open stays open with what
  // was typed: saving then says the course is gone. A fresh visit to a stale link
  // still shows the list.
  const open = useRef<AdminCourse | undefined>(undefined);
  const requested = readDialog(location.search);
  const found = requested?.id ? courses.find((course) => course.id === requested.id) : undefined;
  const keptOpen = requested?.mode === "edit" && !found && open.current?.id === requested.id;
  const dialog = keptOpen ? requested : loaderData.dialog;
  const editing = keptOpen ? open.current : found;
  open.current = dialog?.mode === "edit" ? editing : undefined;
  return (
    <section aria-labelledby="courses-heading" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="courses-heading" className="text-2xl font-bold text-slate-900">
            {t("pages.courses.title")}
          </h1>
          <p className="text-slate-600">{t("courses.count", { count: courses.length })}</p>
        </div>
        <Link to={dialogHref(location.search, { mode: "new" })} preventScrollReset className={buttonClass()}>
          <Plus aria-hidden="true" className="size-5" />
          {t("courses.add")}
        </Link>
      </div>
      <DoneNotice />
      {!dialog && <ListError result={actionData} />}
      {courses.length === 0 ? (
        <p className="rounded-2xl bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
          {t("courses.empty")}
        </p>
      ) : (
        <ul className="space-y-3">
          {courses.map((course) => (
            <CourseRow key={course.id} course={course} />
          ))}
        </ul>
      )}
      {dialog?.mode === "delete" && editing && (
        <ConfirmDeleteDialog
          id={editing.id}
          name={`${editing.level} — ${editing.title}`}
          error={actionData && "error" in actionData ? (actionData.error?.[""]?.[0] ?? undefined) : undefined}
        />
      )}
      {(dialog?.mode === "new" || (dialog?.mode === "edit" && editing)) && (
        <CourseDialog key={editing?.id ?? "new"} course={editing} lastResult={actionData} />
      )}
    </section>
  );
}

function CourseRow({ course }: { course: AdminCourse }) {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("courses");
  const location = useLocation();
  const navigation = useNavigation();
  // Optimistic: the switch shows the new state while the save runs.
  const pending =
    navigation.formData?.get("intent") === "toggle-active" && navigation.formData.get("id") === course.id;
  const active = pending ? navigation.formData?.get("active") === "true" : course.active;
  return (
    <li className="flex flex-wrap items-center gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-slate-900 font-bold text-white">
        {course.level}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{course.title}</p>
        <p className="text-sm text-slate-600">
          {levelName(tc, course.level)} · {formatPriceVnd(course.price)} · {course.duration} ·{" "}
          {course.lessons}
        </p>
      </div>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="id" value={course.id} />
        <input type="hidden" name="active" value={String(!active)} />
        <button
          type="submit"
          name="intent"
          value="toggle-active"
          className={`rounded-full px-3 py-1.5 text-sm font-semibold ring-1 ${
            active
              ? "bg-green-50 text-green-800 ring-green-300"
              : "bg-slate-100 text-slate-700 ring-slate-300"
          }`}
        >
          {active ? t("courses.state.open") : t("courses.state.closed")}
          <span className="sr-only"> ({active ? t("courses.toggleClose") : t("courses.toggleOpen")})</span>
        </button>
      </Form>
      <div className="flex gap-2">
        <Link
          to={dialogHref(location.search, { mode: "edit", id: course.id })}
          preventScrollReset
          aria-label={t("courses.edit", { title: course.title })}
          className={buttonClass("secondary", "px-3")}
        >
          <Pencil aria-hidden="true" className="size-4" />
        </Link>
        <Link
          to={dialogHref(location.search, { mode: "delete", id: course.id })}
          preventScrollReset
          aria-label={t("courses.delete", { title: course.title })}
          className={buttonClass("secondary", "px-3 text-red-700")}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </li>
  );
}

const newCourse = { level: "A1", color: "blue", active: true, features: [""] };

function CourseDialog({
  course,
  lastResult,
}: {
  course: AdminCourse | undefined;
  lastResult: Route.ComponentProps["actionData"];
}) {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("courses");
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof courseSchema>, z.output<typeof courseSchema>>({
    id: `course-${course?.id ?? "new"}`,
    lastResult: lastResult && "initialValue" in lastResult ? lastResult : undefined,
    defaultValue: course
      ? { ...course, price: String(course.price), features: course.features.length ? course.features : [""] }
      : newCourse,
    constraint: {},
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: courseSchema }),
  });
  const features = fields.features.getFieldList();
  const price = priceField.safeParse(fields.price.value ?? "");
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  return (
    <AdminDialog title={course ? t("courses.editTitle") : t("courses.addTitle")}>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
        {course && <input type="hidden" name="id" value={course.id} />}
        <FormErrors errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={tc("card.level")}
            required
            errors={fields.level.errors}
            options={courseLevels.map((level) => ({
              value: level,
              label: `${level} — ${levelName(tc, level)}`,
            }))}
            {...getSelectProps(fields.level)}
            key={fields.level.key}
          />
          <TextField
            label={t("courses.fields.price")}
            required
            inputMode="numeric"
            errors={fields.price.errors}
            hint={price.success ? formatPriceVnd(price.data) : t("courses.fields.priceHint")}
            {...getInputProps(fields.price, { type: "text" })}
            key={fields.price.key}
          />
        </div>
        <TextField
          label={t("courses.fields.title")}
          required
          errors={fields.title.errors}
          {...getInputProps(fields.title, { type: "text" })}
          key={fields.title.key}
        />
        <TextAreaField
          label={t("courses.fields.description")}
          required
          errors={fields.description.errors}
          {...getTextareaProps(fields.description)}
          key={fields.description.key}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("courses.fields.duration")}
            required
            placeholder={t("courses.fields.durationPlaceholder")}
            errors={fields.duration.errors}
            {...getInputProps(fields.duration, { type: "text" })}
            key={fields.duration.key}
          />
          <TextField
            label={t("courses.fields.lessons")}
            required
            placeholder={t("courses.fields.lessonsPlaceholder")}
            errors={fields.lessons.errors}
            {...getInputProps(fields.lessons, { type: "text" })}
            key={fields.lessons.key}
          />
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">{t("courses.fields.features")}</legend>
          {features.map((feature, index) => (
            <div key={feature.key} className="flex items-start gap-2">
              <div className="flex-1">
                <TextField
                  label={
                    <span className="sr-only">{t("courses.fields.feature", { number: index + 1 })}</span>
                  }
                  errors={feature.errors}
                  {...getInputProps(feature, { type: "text" })}
                  key={feature.key}
                />
              </div>
              {/* spec §5: at least one feature field always remains. */}
              <button
                {...form.remove.getButtonProps({ name: fields.features.name, index })}
                disabled={features.length <= 1}
                aria-label={t("courses.fields.removeFeature", { number: index + 1 })}
                className={buttonClass("secondary", "mt-1.5 px-3 text-red-700")}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </div>
          ))}
          <button
            {...form.insert.getButtonProps({ name: fields.features.name, defaultValue: "" })}
            className={buttonClass("ghost", "px-3 text-sm")}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t("courses.fields.addFeature")}
          </button>
        </fieldset>
        <ColorPicker
          name={fields.color.name}
          defaultValue={fields.color.initialValue as string | undefined}
        />
        <label className="flex items-center gap-3 text-slate-800">
          <input
            {...getInputProps(fields.active, { type: "checkbox" })}
            key={fields.active.key}
            className="size-5 rounded border-slate-400"
          />
          {t("courses.fields.active")}
        </label>
        <DialogActions saving={saving} />
      </Form>
    </AdminDialog>
  );
}
