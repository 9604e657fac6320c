// The admin blog form (spec §5 Blog form), used by the editor in the browser and by the action
// as the authority. No server imports: this module runs in the browser too.
import { z } from "zod";
import { isBlogCategory, SEARCH_MAX_LENGTH, slugify } from "~/lib/blog-rules";
import { isTranslationLanguage, translationLanguages, UNTRANSLATED_PARAM } from "~/lib/content-language";
import { blogCategories } from "./domain";
import { optionalImageField, optionalText, requiredChoice, requiredText, textField } from "./fields";
import { optionalRichText, requiredRichText } from "./rich-text";
import { futureVietnamTime } from "./schedule";
import { urlPage } from "./url-query";

export const POST_TITLE_MAX_LENGTH = 200;
export const POST_EXCERPT_MAX_LENGTH = 1_000;
export const POST_TAG_MAX_LENGTH = 50;
export const POST_TAGS_MAX = 20;

/** The statuses of the admin list's filter (spec §4: "Nháp" draft, "Công khai" public; ADR 053:
 * "Đã lên lịch", published with a time still ahead). */
export const postStatuses = ["draft", "public", "scheduled"] as const;
export type PostStatus = (typeof postStatuses)[number];

/** spec §5: "tags are split on commas and trimmed". Empty pieces and repeats are dropped. */
export function splitTags(text: string | undefined): string[] {
  const tags = (text ?? "")
    .split(",")
    .map((tag) => tag.trim().replace(/\s+/g, " "))
    .filter((tag) => tag.length > 0);
  return [...new Set(tags)];
}

/** The slug as typed: put through the blog's slug rule (spec §9), so "Học Đức" becomes
 * "hoc-duc". Empty means "compute it from the title" (app/models/post-admin.server.ts). */
const slugField = optionalText(POST_TITLE_MAX_LENGTH)
  .transform((value) => (value === undefined ? undefined : slugify(value)))
  .refine((value) => value !== "", "admin-posts:validation.slug");

// Generous: too many or too long tags get their own messages below.
const tagsField = textField(5_000)
  .optional()
  .transform(splitTags)
  .refine((tags) => tags.length <= POST_TAGS_MAX, "admin-posts:validation.tooManyTags")
  .refine(
    (tags) => tags.every((tag) => tag.length <= POST_TAG_MAX_LENGTH),
    "admin-posts:validation.tagTooLong",
  );

/** spec §5 Blog form: title, category, excerpt, content required; tags split on commas and
 * trimmed; thumbnail a URL (or an upload of ours, ADR 010). */
export const postSchema = z.object({
  title: requiredText(POST_TITLE_MAX_LENGTH),
  slug: slugField,
  category: requiredChoice(blogCategories),
  excerpt: requiredText(POST_EXCERPT_MAX_LENGTH),
  // The visual editor's document (ADR 055), kept to the allow-list and stored canonical.
  content: requiredRichText,
  tags: tagsField,
  thumbnail: optionalImageField,
  published: z.boolean().default(false),
  featured: z.boolean().default(false),
  // "Lên lịch đăng" (ADR 053): a date and time in Vietnam, still ahead when saved; empty for none.
  publishAt: futureVietnamTime({
    invalid: "admin-posts:validation.publishAt",
    past: "admin-posts:validation.publishAtPast",
  }),
  // "Gửi bản tin khi đăng": only with a publish time (otherwise the post is sent by hand).
  newsletterOnPublish: z.boolean().default(false),
});
export type PostInput = z.infer<typeof postSchema>;

/** The fields of a post an English or German version can hold (ADR 032); the category is a
 * code the interface translates. */
export const postTranslatableFields = ["title", "slug", "excerpt", "content", "tags"] as const;
export type PostTranslatableField = (typeof postTranslatableFields)[number];
/** A post is translated into a language when these are: its title and its body. */
export const POST_TRANSLATION_REQUIRED = ["title", "content"] as const;

/** The editor in English or German (`intent=translate`): every field optional and bounded like
 * the Vietnamese one, but a title and a body only together — a translation "exists" (has its own
 * address, feed entry and badge) when both are there, so half of that pair is refused. A slug
 * left empty is made from the translated title. */
export const postTranslationSchema = z
  .object({
    language: z.enum(translationLanguages, { error: "validation.invalidChoice" }),
    title: optionalText(POST_TITLE_MAX_LENGTH),
    // As typed: the slug rule is that of the language (German umlauts), applied below.
    slug: optionalText(POST_TITLE_MAX_LENGTH),
    excerpt: optionalText(POST_EXCERPT_MAX_LENGTH),
    content: optionalRichText,
    tags: tagsField,
  })
  .superRefine((value, context) => {
    if (value.slug !== undefined && slugify(value.slug, value.language) === "") {
      context.addIssue({ code: "custom", path: ["slug"], message: "admin-posts:validation.slug" });
    }
    if (value.title !== undefined && value.content === undefined) {
      context.addIssue({
        code: "custom",
        path: ["content"],
        message: "admin-posts:validation.translationPair",
      });
    }
    if (value.title === undefined && (value.content !== undefined || value.slug !== undefined)) {
      context.addIssue({
        code: "custom",
        path: ["title"],
        message: "admin-posts:validation.translationPair",
      });
    }
  })
  .transform((value) => ({
    ...value,
    slug: value.slug === undefined ? undefined : slugify(value.slug, value.language),
  }));
export type PostTranslationInput = z.infer<typeof postTranslationSchema>;

/** The admin list's URL (?q=&category=&status=&untranslated=&page=), read leniently: unknown
 * values mean "all", a bad page means 1. */
export function readPostListQuery(params: URLSearchParams) {
  const q = (params.get("q") ?? "").trim().replace(/\s+/g, " ").slice(0, SEARCH_MAX_LENGTH);
  const category = params.get("category");
  const status = params.get("status");

  const untranslated = params.get(UNTRANSLATED_PARAM);
  return {
    q,
    category: isBlogCategory(category) ? category : ("all" as const),
    status: (postStatuses as readonly (string | null)[]).includes(status)
      ? (status as PostStatus)
      : ("all" as const),
    /** "Chưa dịch sang EN/DE" (ADR 032). */
    untranslated: isTranslationLanguage(untranslated) ? untranslated : ("all" as const),
    page: urlPage.parse(params.get("page") ?? undefined),
  };
}
export type PostListQuery = ReturnType<typeof readPostListQuery>;
