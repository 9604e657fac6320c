// The post editor in a wide modal dialog: the spec §5 Blog form, the slug and read
// time as the blog's rules compute them (spec §9), and a live preview beside the Markdown.
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useId } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { AdminDialog, DialogActions } from "~/components/admin/dialog";
import { FormErrors } from "~/components/admin/form-parts";
import { ImageField } from "~/components/admin/image-field";
import { useCategoryName } from "~/components/blog/post-card";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { useTranslation } from "~/i18n/react";
import { readTime, slugify } from "~/lib/blog-rules";
import { blogCategories } from "~/schemas/domain";
import { postSchema } from "~/schemas/post";
import { MarkdownPreview } from "./markdown-preview";

export interface EditedPost {
  id: string;
  title: string;
  slug: string;
  category: string;
  excerpt: string;
  content: string;
  tags: string[];
  thumbnail: string | null;
  published: boolean;
  featured: boolean;
}

// A new post starts as a draft (spec §4 "Nháp") with no category chosen.
const newPost = { published: false, featured: false };

export function PostDialog({
  post,
  previewHtml,
  lastResult,
}: {
  post: EditedPost | undefined;
  /** The stored body rendered by the server, so the preview shows at once (and without JS). */
  previewHtml: string;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-posts");
  const categoryName = useCategoryName();
  const navigation = useNavigation();
  const previewHeading = useId();
  const [form, fields] = useForm<z.input<typeof postSchema>, z.output<typeof postSchema>>({
    id: `post-${post?.id ?? "new"}`,
    lastResult:
      lastResult && typeof lastResult === "object" && "initialValue" in lastResult
        ? (lastResult as SubmissionResult<string[]>)
        : undefined,
    defaultValue: post ? { ...post, tags: post.tags.join(", "), thumbnail: post.thumbnail ?? "" } : newPost,
    constraint: {},
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: postSchema }),
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const content = (fields.content.value as string | undefined) ?? "";
  const slugShown = slugify(
    (fields.slug.value as string | undefined) || (fields.title.value as string | undefined) || "",
  );
  return (
    <AdminDialog title={post ? t("editTitle") : t("addTitle")} wide>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
        {post && <input type="hidden" name="id" value={post.id} />}
        <FormErrors errors={form.errors} />
        <TextField
          label={t("fields.title")}
          required
          errors={fields.title.errors}
          {...getInputProps(fields.title, { type: "text" })}
          key={fields.title.key}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("fields.slug")}
            errors={fields.slug.errors}
            hint={t("fields.slugHint", { slug: slugShown || "…" })}
            spellCheck={false}
            autoCapitalize="off"
            {...getInputProps(fields.slug, { type: "text" })}
            key={fields.slug.key}
          />
          <SelectField
            label={t("fields.category")}
            required
            placeholder={t("fields.categoryPlaceholder")}
            errors={fields.category.errors}
            options={blogCategories.map((value) => ({ value, label: categoryName(value) }))}
            {...getSelectProps(fields.category)}
            key={fields.category.key}
          />
        </div>
        <TextAreaField
          label={t("fields.excerpt")}
          required
          rows={2}
          errors={fields.excerpt.errors}
          {...getTextareaProps(fields.excerpt)}
          key={fields.excerpt.key}
        />
        <div className="grid gap-4 lg:grid-cols-2">
          <TextAreaField
            label={t("fields.content")}
            required
            rows={18}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 font-mono text-sm text-slate-900 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 aria-[invalid=true]:border-red-600"
            hint={t("fields.readTime", { count: readTime(content) })}
            errors={fields.content.errors}
            {...getTextareaProps(fields.content)}
            key={fields.content.key}
          />
          <MarkdownPreview content={content} initialHtml={previewHtml} headingId={previewHeading} />
        </div>
        <TextField
          label={t("fields.tags")}
          hint={t("fields.tagsHint")}
          errors={fields.tags.errors}
          {...getInputProps(fields.tags, { type: "text" })}
          key={fields.tags.key}
        />
        <ImageField
          name={fields.thumbnail.name}
          label={t("fields.thumbnail")}
          defaultValue={(fields.thumbnail.initialValue as string | undefined) ?? ""}
          errors={fields.thumbnail.errors}
        />
        <div className="flex flex-wrap gap-x-8 gap-y-3">
          <label className="flex items-center gap-3 text-slate-800">
            <input
              {...getInputProps(fields.published, { type: "checkbox" })}
              key={fields.published.key}
              className="size-5 rounded border-slate-400"
            />
            {t("fields.published")}
          </label>
          <label className="flex items-center gap-3 text-slate-800">
            <input
              {...getInputProps(fields.featured, { type: "checkbox" })}
              key={fields.featured.key}
              className="size-5 rounded border-slate-400"
            />
            {t("fields.featured")}
          </label>
        </div>
        <DialogActions saving={saving} />
      </Form>
    </AdminDialog>
  );
}
