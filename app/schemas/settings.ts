// The admin settings forms, shared by the form and the action.
// No server imports: this module runs in the browser too.
import { z } from "zod";
import { zaloHref } from "~/lib/contact-links";
import { translationLanguages } from "~/lib/content-language";
import { isVideoUrl } from "~/lib/videos";
import { userRoles } from "./domain";
import { emailField, optionalText, phoneField, textField, urlField } from "./fields";

/** An optional field: empty means "not shown" (the footer hides it; the contact page falls back
 * to the school's default details). The parser reads an empty field as undefined. */
const optional = <T extends z.ZodType>(field: T) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    field.optional(),
  );

/** The school's Zalo: the phone number its account is registered with, an official account's id,
 * or a zalo.me address — whatever the contact button can link to. */
const zaloField = z
  .string()
  .trim()
  .max(200, "validation.tooLong")
  .refine((value) => zaloHref(value) !== undefined, "validation.zalo");

/** spec §3 Contact config: address, description, email, phone, zalo and four social links. */
export const contactConfigSchema = z.object({
  address: optional(textField(300)),
  description: optional(textField(1000)),
  email: optional(emailField),
  phone: optional(phoneField),
  zalo: optional(zaloField),
  facebook: optional(urlField),
  instagram: optional(urlField),
  twitter: optional(urlField),
  youtube: optional(urlField),
});
export type ContactConfigForm = z.infer<typeof contactConfigSchema>;

/** The contact tab in English or German (ADR 032): the description is the one text it
 * translates; left empty, the Vietnamese description stands. */
export const contactDescriptionTranslationSchema = z.object({
  language: z.enum(translationLanguages, { error: "validation.invalidChoice" }),
  description: optionalText(1000),
});
export type ContactDescriptionTranslationInput = z.infer<typeof contactDescriptionTranslationSchema>;

export const roleChangeSchema = z.object({
  userId: z.string().min(1).max(100),
  role: z.enum(userRoles, { error: "validation.invalidChoice" }),
  /** An admin taking away their own admin role has confirmed it. */
  confirmed: z.literal("yes").optional(),
});

export const LINK_TEACHER_INTENT = "link-teacher";

/** Which team member a teacher's account is (issue 30): none ("") unlinks it. */
export const teacherLinkSchema = z.object({
  userId: z.string().min(1).max(100),
  teamMemberId: z.union([z.literal(""), z.uuid({ error: "validation.invalidChoice" })]).default(""),
});

/** A YouTube video id: 11 characters of the URL-safe base64 alphabet. */
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(["youtube.com", "m.youtube.com", "music.youtube.com", "youtube-nocookie.com"]);

/** The video id in a YouTube address as people copy it: youtube.com/watch?v=…, youtu.be/…,
 * youtube.com/embed/…, /shorts/…, /live/… (www. and m. alike), or the youtube-nocookie embed
 * address; undefined for anything else. */
export function youtubeVideoId(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  const [first, second] = url.pathname.split("/").filter(Boolean);
  let id: string | undefined;
  if (host === "youtu.be") id = first;
  else if (YOUTUBE_HOSTS.has(host)) {
    if (first === "watch") id = url.searchParams.get("v") ?? undefined;
    else if (first === "embed" || first === "shorts" || first === "live") id = second;
  }
  return id && YOUTUBE_ID.test(id) ? id : undefined;
}

/** The address the admin form shows for a stored video id. */
export const youtubeWatchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;

/** The home page's video as stored (school_settings.home_video): a YouTube video id, the URL
 * of an uploaded MP4 (/videos/<name>.mp4, ADR 027), or "" for none. */
export type HomeVideo = { kind: "youtube"; id: string } | { kind: "file"; url: string };

export function homeVideoOf(stored: string): HomeVideo | undefined {
  if (isVideoUrl(stored)) return { kind: "file", url: stored };
  if (YOUTUBE_ID.test(stored)) return { kind: "youtube", id: stored };
  return undefined;
}

/** What the admin form shows for the stored video. */
export function homeVideoAddress(stored: string) {
  const video = homeVideoOf(stored);
  if (!video) return "";
  return video.kind === "file" ? video.url : youtubeWatchUrl(video.id);
}

/** Settings › Home page video: a YouTube address, stored as its video id, or the URL of an
 * uploaded MP4 (the upload button fills it in); empty removes the video (the hero then has no
 * play button). */
export const homeVideoSchema = z.object({
  video: optional(
    z
      .string()
      .trim()
      .max(2000, "validation.tooLong")
      .transform((value, context) => {
        if (isVideoUrl(value)) return value;
        const id = youtubeVideoId(value);
        if (!id) context.addIssue({ code: "custom", message: "admin-settings:video.errors.youtube" });
        return id ?? "";
      }),
  ),
});
export type HomeVideoForm = z.infer<typeof homeVideoSchema>;
