import { TextAreaField, TextField } from "~/components/forms/fields";
import { useTranslation } from "~/i18n/react";
import type { AdminAboutEntries } from "~/models/about.server";
import { testimonialSchema } from "~/schemas/about";
import { ImageField } from "../image-field";
import { type EntryDialogProps, EntryForm, NameAndRoleFields, OrderField, useEntryForm } from "./entry-form";

type Testimonial = AdminAboutEntries["testimonials"][number];

/** spec §5 Testimonial form: name, role, content required; rating 1 to 5 (default 5, §9). */
export function TestimonialDialog(props: EntryDialogProps<Testimonial>) {
  const { t } = useTranslation("admin-about");
  const testimonial = props.entry;
  // The rating message is the public page's ("about:validation.rating"): load its namespace.
  useTranslation("about");
  const [form, fields] = useEntryForm(testimonialSchema, "testimonials", props, {
    initial: { rating: "5", featured: false },
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
