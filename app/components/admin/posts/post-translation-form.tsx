// The post editor in English or German (ADR 032): only the texts a translation holds — title,
// slug, excerpt, body with its live preview, tags — each with the Vietnamese original under it.
// Everything is optional, but a title and a body go together: with both the post is translated
// and gets its own address in that language.
import { getFormProps } from "@conform-to/react";
import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { OriginalTextHint } from "~/components/admin/content-language/content-language-switch";
import { DialogActions } from "~/components/admin/dialog";
import { FormErrors } from "~/components/admin/form-parts";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { useTranslation } from "~/i18n/react";
import { readTime, slugify } from "~/lib/blog-rules";
import type { ContentTranslations, TranslationLanguage } from "~/lib/content-language";
import { localizePath } from "~/lib/localized-path";
import { postTranslationSchema } from "~/schemas/post";
import { MarkdownPreview } from "./markdown-preview";

export interface TranslatedPost {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  tags: string[];
  translations: ContentTranslations;
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function list(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [];
}

export function PostTranslationForm({
  post,
  language,
  previewHtml,
  lastResult,
}: {
  post: TranslatedPost;
  language: TranslationLanguage;
  /** The stored translated body rendered by the server, so the preview shows at once. */
  previewHtml: string;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-posts");
  const { t: tc } = useTranslation("content-language");
  const navigation = useNavigation();
  const previewHeading = useId();
  const version = post.translations[language] ?? {};
  const [form, fields] = useAppForm(postTranslationSchema, {
    id: `post-${post.id}-${language}`,
    lastResult,
    defaultValue: {
      language,
      title: text(version.title),
      slug: text(version.slug),
      excerpt: text(version.excerpt),
      content: text(version.content),
      tags: list(version.tags).join(", "),
    },
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "translate";
  const content = (fields.content.value as string | undefined) ?? "";
  const slugShown = slugify(
    (fields.slug.value as string | undefined) || (fields.title.value as string | undefined) || "",
    language,
  );
  const hint = (own: string, original: string) => (
    <>
      {own && <span className="block">{own}</span>}
      <OriginalTextHint text={original} />
    </>
  );
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="id" value={post.id} />
      <input type="hidden" name="language" value={language} />
      <p className="text-sm text-slate-700">
        {tc("translatingInto", { language: tc(`names.${language}`) })} {t("translation.pair")}
      </p>
      <FormErrors errors={form.errors} />
      <TextField field={fields.title} label={t("fields.title")} hint={hint("", post.title)} lang={language} />
      <TextField
        field={fields.slug}
        label={t("fields.slug")}
        hint={hint(
          t("translation.slugHint", {
            path: localizePath(`/blog/${slugShown || "…"}`, language),
          }),
          post.slug,
        )}
        spellCheck={false}
        autoCapitalize="off"
      />
      <TextAreaField
        field={fields.excerpt}
        label={t("fields.excerpt")}
        rows={2}
        hint={hint("", post.excerpt)}
        lang={language}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <TextAreaField
          field={fields.content}
          label={t("fields.content")}
          rows={18}
          lang={language}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 font-mono text-sm text-slate-900 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 aria-[invalid=true]:border-red-600"
          hint={content ? t("fields.readTime", { count: readTime(content) }) : t("translation.contentHint")}
        />
        <MarkdownPreview
          content={content}
          initialHtml={previewHtml}
          headingId={previewHeading}
          lang={language}
        />
      </div>
      <TextField
        field={fields.tags}
        label={t("fields.tags")}
        hint={hint(t("fields.tagsHint"), post.tags.join(", "))}
        lang={language}
      />
      <DialogActions saving={saving} intent="translate" />
    </Form>
  );
}
