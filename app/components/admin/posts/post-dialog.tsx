// The post editor in a wide modal dialog: the spec §5 Blog form, the slug and read
// time as the blog's rules compute them (spec §9), and a live preview beside the Markdown. A
// saved post's editor has a language switch (ADR 032): in English or German it shows the
// translation form instead.
import { getFormProps } from "@conform-to/react";
import { History } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { ContentLanguageSwitch } from "~/components/admin/content-language/content-language-switch";
import { AdminDialog, DialogActions } from "~/components/admin/dialog";
import { FormErrors } from "~/components/admin/form-parts";
import { ImageField } from "~/components/admin/image-field";
import { ImagePickerButton } from "~/components/admin/media/image-picker";
import { useCategoryName } from "~/components/blog/post-card";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/forms/fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { defaultLanguage, type Language } from "~/i18n/language";
import { useTranslation } from "~/i18n/react";
import { readTime, slugify } from "~/lib/blog-rules";
import { type ContentTranslations, isTranslationLanguage, translationProgress } from "~/lib/content-language";
import { dialogHref } from "~/lib/dialog-url";
import { markdownImage } from "~/lib/media";
import { vietnamDateTimeInput } from "~/lib/post-schedule";
import { blogCategories } from "~/schemas/domain";
import { postSchema, postTranslatableFields } from "~/schemas/post";
import { MarkdownPreview } from "./markdown-preview";
import { NewsletterSection, type ShownNewsletter } from "./newsletter-send-dialog";
import { PostTranslationForm } from "./post-translation-form";
import { REVISIONS_DIALOG } from "./revision-dialog";

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
  previewHtml,
  newsletter,
  lastResult,
}: {
  post: EditedPost | undefined;
  /** The language edited (`?lang=`); a new post is written in Vietnamese first. */
  language: Language;
  /** A published post's newsletter: its subscribers, or its campaign once sent. */
  newsletter?: ShownNewsletter;
  /** The stored body (in `language`) rendered by the server, so the preview shows at once (and
   * without JS). */
  previewHtml: string;
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
        <PostTranslationForm
          post={post}
          language={language}
          previewHtml={previewHtml}
          lastResult={lastResult}
        />
      </AdminDialog>
    );
  }
  return (
    <VietnamesePostForm
      post={post}
      switcher={switcher}
      previewHtml={previewHtml}
      newsletter={newsletter}
      lastResult={lastResult}
    />
  );
}

/** Today's form, all fields: the Vietnamese original and the post's settings. */
function VietnamesePostForm({
  post,
  switcher,
  previewHtml,
  newsletter,
  lastResult,
}: {
  post: EditedPost | undefined;
  switcher: ReactNode;
  newsletter?: ShownNewsletter;
  previewHtml: string;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-posts");
  const { t: tm } = useTranslation("admin-media");
  const categoryName = useCategoryName();
  const navigation = useNavigation();
  const previewHeading = useId();
  const location = useLocation();
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
  const content = (fields.content.value as string | undefined) ?? "";
  const slugShown = slugify(
    (fields.slug.value as string | undefined) || (fields.title.value as string | undefined) || "",
  );
  return (
    <AdminDialog title={post ? t("editTitle") : t("addTitle")} wide>
      {switcher}
      {post && <NewsletterSection post={post} newsletter={newsletter} />}
      {post && (
        <p className="mb-4 text-sm">
          <Link
            to={dialogHref(location.search, { mode: "edit", id: post.id, kind: REVISIONS_DIALOG })}
            preventScrollReset
            className="inline-flex items-center gap-1.5 font-semibold text-blue-700 underline"
          >
            <History aria-hidden="true" className="size-4" />
            {t("revisions.open")}
          </Link>
        </p>
      )}
      <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
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
        <div className="grid gap-4 lg:grid-cols-2">
          <TextAreaField
            field={fields.content}
            label={t("fields.content")}
            required
            rows={18}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 font-mono text-sm text-slate-900 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 aria-[invalid=true]:border-red-600"
            hint={t("fields.readTime", { count: readTime(content) })}
          />
          <MarkdownPreview content={content} initialHtml={previewHtml} headingId={previewHeading} />
        </div>
        <ImagePickerButton
          label={tm("picker.insert")}
          onPick={(image) => insertAtCursor(fields.content.id, markdownImage(image.alt, image.url))}
        />
        <TextField field={fields.tags} label={t("fields.tags")} hint={t("fields.tagsHint")} />
        <ImageField field={fields.thumbnail} label={t("fields.thumbnail")} />
        <div className="flex flex-wrap gap-x-8 gap-y-3">
          <CheckboxField field={fields.published} label={t("fields.published")} />
          <CheckboxField field={fields.featured} label={t("fields.featured")} />
        </div>
        <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 font-semibold text-slate-900">{t("schedule.legend")}</legend>
          <TextField
            field={fields.publishAt}
            label={t("schedule.publishAt")}
            hint={t("schedule.hint")}
            type="datetime-local"
            className="block w-full max-w-xs rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 aria-[invalid=true]:border-red-600"
          />
          <CheckboxField field={fields.newsletterOnPublish} label={t("schedule.newsletter")} />
        </fieldset>
        <DialogActions saving={saving} />
      </Form>
    </AdminDialog>
  );
}

/** Puts `text` at the cursor of the textarea `id` (its end when it has no focus yet) as typing
 * would: through the native value setter and an input event, so the form library sees it. */
function insertAtCursor(id: string, text: string) {
  const area = document.getElementById(id);
  if (!(area instanceof HTMLTextAreaElement)) return;
  const start = area.selectionStart ?? area.value.length;
  const end = area.selectionEnd ?? start;
  const before = area.value.slice(0, start);
  const piece = `${before && !before.endsWith("\n") ? "\n\n" : ""}${text}\n`;
  const value = `${before}${piece}${area.value.slice(end)}`;
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set?.call(area, value);
  area.dispatchEvent(new Event("input", { bubbles: true }));
  area.focus();
  area.setSelectionRange(start + piece.length, start + piece.length);
}
