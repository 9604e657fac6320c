import { getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { useTranslation } from "~/i18n/react";
import type { AdminAboutEntries } from "~/models/about.server";
import { testimonialSchema } from "~/schemas/about";
import { AdminDialog } from "../dialog";
import { ImageField } from "../image-field";
import { EntryForm, formResult, OrderField } from "./entry-form";

type Testimonial = AdminAboutEntries["testimonials"][number];

/** spec §5 Testimonial form: name, role, content required; rating 1 to 5 (default 5, §9). */
export function TestimonialDialog({
  testimonial,
  nextOrder,
  lastResult,
}: {
  testimonial: Testimonial | undefined;
  nextOrder: number;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-about");
  // The rating message is the public page's ("about:validation.rating"): load its namespace.
  useTranslation("about");
  const [form, fields] = useForm<z.input<typeof testimonialSchema>, z.output<typeof testimonialSchema>>({
    id: `about-testimonials-${testimonial?.id ?? "new"}`,
    lastResult: formResult(lastResult),
    defaultValue: testimonial
      ? {
          ...testimonial,
          rating: String(testimonial.rating),
          result: testimonial.result ?? "",
          avatar: testimonial.avatar ?? "",
          order: String(testimonial.order),
        }
      : { rating: "5", featured: false, order: String(nextOrder) },
    constraint: {},
    // Not on blur: an error appearing as the focus leaves a field for the Save button moves the
    // button under the pointer and swallows the click. After a first save, errors follow typing.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: testimonialSchema }),
  });
  return (
    <AdminDialog title={testimonial ? t("testimonials.editTitle") : t("testimonials.addTitle")}>
      <EntryForm form={form} kind="testimonials" id={testimonial?.id}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("fields.name")}
            required
            errors={fields.name.errors}
            {...getInputProps(fields.name, { type: "text" })}
            key={fields.name.key}
          />
          <TextField
            label={t("fields.role")}
            required
            errors={fields.role.errors}
            {...getInputProps(fields.role, { type: "text" })}
            key={fields.role.key}
          />
        </div>
        <TextAreaField
          label={t("fields.content")}
          required
          errors={fields.content.errors}
          {...getTextareaProps(fields.content)}
          key={fields.content.key}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("fields.rating")}
            min={1}
            max={5}
            step={1}
            errors={fields.rating.errors}
            {...getInputProps(fields.rating, { type: "number" })}
            key={fields.rating.key}
          />
          <TextField
            label={t("fields.result")}
            errors={fields.result.errors}
            {...getInputProps(fields.result, { type: "text" })}
            key={fields.result.key}
          />
        </div>
        <ImageField
          name={fields.avatar.name}
          label={t("fields.avatar")}
          defaultValue={fields.avatar.initialValue as string | undefined}
          errors={fields.avatar.errors}
          key={fields.avatar.key}
        />
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <OrderField field={fields.order} />
          <label className="flex items-center gap-3 pt-8 text-slate-800">
            <input
              {...getInputProps(fields.featured, { type: "checkbox" })}
              key={fields.featured.key}
              className="size-5 rounded border-slate-400"
            />
            {t("fields.featured")}
          </label>
        </div>
      </EntryForm>
    </AdminDialog>
  );
}
