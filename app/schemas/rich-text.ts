// A long text written in the visual editor (ADR 055), as a form field: the editor posts its
// document as JSON; the action keeps what the document allow-list keeps (app/lib/rich-text/
// document.ts) and stores it in canonical form. No server imports: the form checks it too.
import { z } from "zod";
import {
  isDocumentEmpty,
  parseDocument,
  RICH_TEXT_MAX_LENGTH,
  serializeDocument,
} from "~/lib/rich-text/document";

const storedDocument = (value: string, context: z.RefinementCtx, required: boolean) => {
  const trimmed = value.trim();
  if (trimmed === "") {
    if (required) context.addIssue({ code: "custom", message: "validation.required" });
    return required ? z.NEVER : undefined;
  }
  const document = parseDocument(trimmed);
  if (!document) {
    context.addIssue({ code: "custom", message: "validation.invalidDocument" });
    return z.NEVER;
  }
  if (isDocumentEmpty(document)) {
    if (required) context.addIssue({ code: "custom", message: "validation.required" });
    return required ? z.NEVER : undefined;
  }
  return serializeDocument(document);
};

/** A body that must say something. */
export const requiredRichText = z
  .string({ error: "validation.required" })
  .max(RICH_TEXT_MAX_LENGTH, { error: "validation.tooLong" })
  .transform((value, context) => storedDocument(value, context, true) as string);

/** A body that may be left empty (a translation's): empty is undefined. */
export const optionalRichText = z
  .string()
  .max(RICH_TEXT_MAX_LENGTH, { error: "validation.tooLong" })
  .optional()
  .transform((value, context) => (value === undefined ? undefined : storedDocument(value, context, false)));

/** A text the page leaves out when it is empty (the about page's story): empty is "". */
export const richTextOrEmpty = optionalRichText.transform((value) => value ?? "");
