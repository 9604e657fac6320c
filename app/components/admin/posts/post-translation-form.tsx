// The post editor in English or German (ADR 032): only the texts a translation holds — title,
// slug, excerpt, body in the visual editor (ADR 055), tags — each with the Vietnamese original under it.
// Everything is optional, but a title and a body go together: with both the post is translated
// and gets its own address in that language.
import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { OriginalTextHint } from "~/components/admin/content-language/content-language-switch";
import { DialogActions } from "~/components/admin/dialog";
import { FormErrors } from "~/components/admin/form-parts";
import { RichTextField } from "~/components/admin/rich-text/rich-text-field";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { useTranslation } from "~/i18n/react";
import { readTime, slugify } from "~/lib/blog-rules";
import type { ContentTranslations, TranslationLanguage } from "~/lib/content-language";
import { localizePath } from "~/lib/localized-path";
import { storedBodyText } from "~/lib/rich-text/document";
import { postTranslationSchema } from "~/schemas/post";

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
  lastResult,
}: {
  post: TranslatedPost;
  language: TranslationLanguage;
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-posts");
  const { t: tc } = useTranslation("content-language");
  const navigation = useNavigation();
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
  // The body's words as the editor has them now: the read time, or a hint while it is empty.
  const [bodyText, setBodyText] = useState(() => storedBodyText(text(version.content)));
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
    <Form
      method="post"
      // The body's JSON as it is (multipart), not URL-encoded three times over (ADR 055).
      encType="multipart/form-data"
      preventScrollReset
      {...getFormProps(form)}
      className="space-y-4"
    >
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
      <RichTextField
        field={fields.content}
        label={t("fields.content")}
        lang={language}
        hint={
          bodyText.trim() ? t("fields.readTime", { count: readTime(bodyText) }) : t("translation.contentHint")
        }
        onTextChange={setBodyText}
      />
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
