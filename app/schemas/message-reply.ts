// The admin's work on a contact message — its status, the reply written in the
// reading pane, and the inbox's filters in the URL. Browser-safe: no server imports.
import { z } from "zod";
import { contactSubjects } from "./domain";
import { LONG_TEXT_MAX_LENGTH } from "./field-limits";
import { requiredText } from "./fields";
import { readUrlQuery, urlChoice, urlPage, urlQueryParams, urlSearch } from "./url-query";

/** Stored in contact_messages.status; spec §4: a message arrives as "new". */
export const messageStatuses = ["new", "answered", "closed"] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/** Where a message may go by hand from `from`:
 * - new → answered (answered by phone or Zalo, outside the panel) or closed (nothing to answer);
 * - answered → closed;
 * - closed → reopened: back to answered if someone answered it before, else to new.
 * A reply written in the panel is the other way to "answered" (statusAfterReply). */
export function allowedMessageTransitions(from: string, answeredBefore: boolean): MessageStatus[] {
  if (from === "new") return ["answered", "closed"];
  if (from === "answered") return ["closed"];
  if (from === "closed") return [answeredBefore ? "answered" : "new"];
  return [];
}

export function canChangeMessageStatus(from: string, to: string, answeredBefore: boolean) {
  return (allowedMessageTransitions(from, answeredBefore) as string[]).includes(to);
}

/** A reply can be written whatever the status; sending it makes (or keeps) the message answered,
 * which reopens a closed one (the person wrote back, the conversation goes on). */
export function statusAfterReply(_from: string): MessageStatus {
  return "answered";
}

export const REPLY_MAX_LENGTH = LONG_TEXT_MAX_LENGTH;

/** The message a form is about: a uuid, as the page wrote it in a hidden field. */
const messageId = z
  .string({ error: "validation.required" })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "validation.required");

/** A browser posts a textarea's line breaks as CRLF but counts them as one character against
 * maxLength: the reply is kept, bounded and mailed with plain "\n", as the preview shows it. */
const unixLineBreaks = (value: string) => value.replace(/\r\n?/g, "\n");

/** The reply form of the reading pane, shared by the form and the action. The text starts as the
 * greeting and signature (a few hundred characters at most: two names of at most 100 each),
 * far inside the bound. */
export const messageReplySchema = z.object({
  id: messageId,
  body: z
    .string({ error: "validation.required" })
    .overwrite(unixLineBreaks)
    .pipe(requiredText(REPLY_MAX_LENGTH)),
});

/** The reply mail's plain text: the admin's text as the action keeps it, a blank line, then what
 * the mail adds below it (the quoted question and the footer). The form's preview shows this. */
export function replyMailText(body: string, after: string) {
  return `${body.trim()}\n\n${after}`;
}
export type MessageReplyInput = z.output<typeof messageReplySchema>;

/** A status button of the reading pane. */
export const messageStatusChangeSchema = z.object({
  id: messageId,
  status: z.enum(messageStatuses, { error: "validation.invalidChoice" }),
});

/* ------------------------------------------------------------------ the inbox in the URL */

export const MESSAGES_PAGE_SIZE = 25;
export const MESSAGE_SEARCH_MAX_LENGTH = 100;

export const messageListQuerySchema = z.object({
  q: urlSearch(MESSAGE_SEARCH_MAX_LENGTH),
  status: urlChoice(messageStatuses),
  subject: urlChoice(contactSubjects),
  page: urlPage,
});
export type MessageListQuery = z.output<typeof messageListQuerySchema>;

export function readMessageListQuery(params: URLSearchParams): MessageListQuery {
  return readUrlQuery(messageListQuerySchema, params);
}

/** The URL parameters of an inbox view (page 1 is left out), optionally with an open message. */
export function messageListParams(query: MessageListQuery, options: { page?: number; id?: string } = {}) {
  const params = urlQueryParams(query, ["q", "status", "subject"], options.page ?? query.page);
  if (options.id) params.set("id", options.id);
  return params;
}

export function isFilteredInbox(query: MessageListQuery) {
  return Boolean(query.q || query.status || query.subject);
}
