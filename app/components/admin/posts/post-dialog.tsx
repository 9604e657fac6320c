// The post editor in a wide modal dialog: the spec §5 Blog form, the slug and read
// time as the blog's rules compute them (spec §9), and the body in the visual editor (ADR 055),
// which shows it as the page will. A saved post's editor has a language switch (ADR 032): in
// English or German it shows the translation form instead.
import { getFormProps } from "@conform-to/react";
import { type ReactNode, useState } from "react";
import { Form, useNavigation } from "react-router";
import { ContentLanguageSwitch } from "~/components/admin/content-language/content-language-switch";
import { AdminDialog, DialogActions } from "~/components/admin/dialog";
import { FormErrors, ScheduledTimeField } from "~/components/admin/form-parts";
import { ImageField } from "~/components/admin/image-field";
import { RevisionHistoryLink } from "~/components/admin/revisions/revision-dialog";
import { RichTextField } from "~/components/admin/rich-text/rich-text-field";
import { useCategoryName } from "~/components/blog/post-card";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/forms/fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { defaultLanguage, type Language } from "~/i18n/language";
import { useTranslation } from "~/i18n/react";
import { readTime, slugify } from "~/lib/blog-rules";
import { type ContentTranslations, isTranslationLanguage, translationProgress } from "~/lib/content-language";
import { vietnamDateTimeInput } from "~/lib/post-schedule";
import { storedBodyText } from "~/lib/rich-text/document";
import { blogCategories } from "~/schemas/domain";
import { postSchema, postTranslatableFields } from "~/schemas/post";
import { NewsletterSection, type ShownNewsletter } from "./newsletter-send-dialog";
import { PostTranslationForm } from "./post-translation-form";

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
  /** A scheduled post's publish time (ADR 053); a page's JSON may carry it as text. */
  publishAt: Date | string | null;
  newsletterOnPublish: boolean;
  featured: boolean;
  translations: ContentTranslations;
}

// A new post starts as a draft (spec §4 "Nháp") with no category chosen.
const newPost = { published: false, featured: false };

export function PostDialog({
  post,
  language,
  newsletter,
  lastResult,
}: {
  post: EditedPost | undefined;
  /** The language edited (`?lang=`); a new post is written in Vietnamese first. */
  language: Language;
  /** A published post's newsletter: its subscribers, or its campaign once sent. */
  newsletter?: ShownNewsletter;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-posts");
  const switcher = (
    <ContentLanguageSwitch
      current={post ? language : defaultLanguage}
      progress={
        post && {
          en: translationProgress(post.translations, "en", postTranslatableFields),
          de: translationProgress(post.translations, "de", postTranslatableFields),
        }
      }
    />
  );
  if (post && isTranslationLanguage(language)) {
    return (
      <AdminDialog title={t("editTitle")} wide>
        {switcher}
        <PostTranslationForm post={post} language={language} lastResult={lastResult} />
      </AdminDialog>
    );
  }
  return (
    <VietnamesePostForm post={post} switcher={switcher} newsletter={newsletter} lastResult={lastResult} />
  );
}

/** Today's form, all fields: the Vietnamese original and the post's settings. */
function VietnamesePostForm({
  post,
  switcher,
  newsletter,
  lastResult,
}: {
  post: EditedPost | undefined;
  switcher: ReactNode;
  newsletter?: ShownNewsletter;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-posts");
  const categoryName = useCategoryName();
  const navigation = useNavigation();
  const [form, fields] = useAppForm(postSchema, {
    id: `post-${post?.id ?? "new"}`,
    lastResult,
    defaultValue: post
      ? {
          ...post,
          tags: post.tags.join(", "),
          thumbnail: post.thumbnail ?? "",
          publishAt: post.publishAt ? vietnamDateTimeInput(new Date(post.publishAt)) : "",
        }
      : newPost,
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  // The body's words as the editor has them now, for the read time beside it.
  const [bodyText, setBodyText] = useState(() => storedBodyText(post?.content ?? ""));
  const slugShown = slugify(
    (fields.slug.value as string | undefined) || (fields.title.value as string | undefined) || "",
  );
  return (
    <AdminDialog title={post ? t("editTitle") : t("addTitle")} wide>
      {switcher}
      {post && <NewsletterSection post={post} newsletter={newsletter} />}
      {post && <RevisionHistoryLink itemId={post.id} />}
      <Form
        method="post"
        // The body's JSON as it is (multipart), not URL-encoded three times over (ADR 055).
        encType="multipart/form-data"
        preventScrollReset
        {...getFormProps(form)}
        className="space-y-4"
      >
        {post && <input type="hidden" name="id" value={post.id} />}
        <FormErrors errors={form.errors} />
        <TextField field={fields.title} label={t("fields.title")} required />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            field={fields.slug}
            label={t("fields.slug")}
            hint={t("fields.slugHint", { slug: slugShown || "…" })}
            spellCheck={false}
            autoCapitalize="off"
          />
          <SelectField
            field={fields.category}
            label={t("fields.category")}
            required
            placeholder={t("fields.categoryPlaceholder")}
            options={blogCategories.map((value) => ({ value, label: categoryName(value) }))}
          />
        </div>
        <TextAreaField field={fields.excerpt} label={t("fields.excerpt")} required rows={2} />
        <RichTextField
          field={fields.content}
          label={t("fields.content")}
          required
          hint={t("fields.readTime", { count: readTime(bodyText) })}
          onTextChange={setBodyText}
        />
        <TextField field={fields.tags} label={t("fields.tags")} hint={t("fields.tagsHint")} />
        <ImageField field={fields.thumbnail} label={t("fields.thumbnail")} />
        <div className="flex flex-wrap gap-x-8 gap-y-3">
          <CheckboxField field={fields.published} label={t("fields.published")} />
          <CheckboxField field={fields.featured} label={t("fields.featured")} />
        </div>
        <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 font-semibold text-slate-900">{t("schedule.legend")}</legend>
          <ScheduledTimeField
            field={fields.publishAt}
            label={t("schedule.publishAt")}
            hint={t("schedule.hint")}
          />
          <CheckboxField field={fields.newsletterOnPublish} label={t("schedule.newsletter")} />
        </fieldset>
        <DialogActions saving={saving} />
      </Form>
    </AdminDialog>
  );
}
