import { TextAreaField, TextField } from "~/components/forms/fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { useTranslation } from "~/i18n/react";
import type { AdminAboutEntries } from "~/models/about.server";
import { testimonialSchema } from "~/schemas/about";
import { ImageField } from "../image-field";
import { type EntryDialogProps, EntryForm, NameAndRoleFields, OrderField } from "./entry-form";

type Testimonial = AdminAboutEntries["testimonials"][number];

/** spec §5 Testimonial form: name, role, content required; rating 1 to 5 (default 5, §9). */
export function TestimonialDialog({
  entry: testimonial,
  nextOrder,
  lastResult,
}: EntryDialogProps<Testimonial>) {
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
    <EntryForm form={form} kind="testimonials" entry={testimonial}>
      <NameAndRoleFields name={fields.name} role={fields.role} />
      <TextAreaField field={fields.content} label={t("fields.content")} required />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.rating} label={t("fields.rating")} min={1} max={5} step={1} type="number" />
        <TextField field={fields.result} label={t("fields.result")} />
      </div>
      <ImageField field={fields.avatar} label={t("fields.avatar")} />
      <OrderField field={fields.order} toggle={{ field: fields.featured, label: t("fields.featured") }} />
    </EntryForm>
  );
}
