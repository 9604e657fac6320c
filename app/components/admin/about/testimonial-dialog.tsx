import { CheckboxField, TextAreaField, TextField } from "~/components/forms/fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { useTranslation } from "~/i18n/react";
import type { AdminAboutEntries } from "~/models/about.server";
import { testimonialSchema } from "~/schemas/about";
import { AdminDialog } from "../dialog";
import { ImageField } from "../image-field";
import { EntryForm, OrderField } from "./entry-form";

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
  const [form, fields] = useAppForm(testimonialSchema, {
    id: `about-testimonials-${testimonial?.id ?? "new"}`,
    lastResult,
    defaultValue: testimonial
      ? {
          ...testimonial,
          rating: String(testimonial.rating),
          result: testimonial.result ?? "",
          avatar: testimonial.avatar ?? "",
          order: String(testimonial.order),
        }
      : { rating: "5", featured: false, order: String(nextOrder) },
  });
  return (
    <AdminDialog title={testimonial ? t("testimonials.editTitle") : t("testimonials.addTitle")}>
      <EntryForm form={form} kind="testimonials" id={testimonial?.id}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.name} label={t("fields.name")} required />
          <TextField field={fields.role} label={t("fields.role")} required />
        </div>
        <TextAreaField field={fields.content} label={t("fields.content")} required />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            field={fields.rating}
            label={t("fields.rating")}
            min={1}
            max={5}
            step={1}
            type="number"
          />
          <TextField field={fields.result} label={t("fields.result")} />
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
          <CheckboxField field={fields.featured} label={t("fields.featured")} className="pt-8" />
        </div>
      </EntryForm>
    </AdminDialog>
  );
}
