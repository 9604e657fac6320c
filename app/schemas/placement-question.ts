// A question of the placement test's bank as the admin writes it (issue 29): the dialog's form and
// its action parse with this one schema. The options and the accepted answers are typed one per
// line; a choice question's right answer is typed again as one of its options. The rules are the
// database's own check (placement_questions_kind), said as field messages instead of a 500.
// Browser-safe: no server imports. Messages are i18n keys.
import { z } from "zod";
import {
  normalizeAnswer,
  PLACEMENT_ANSWER_MAX_LENGTH,
  PLACEMENT_GAP_MAX_LENGTH,
  placementKinds,
  placementLevels,
  placementSkills,
} from "~/lib/placement-test";
import { cleanText, hasControlCharacters } from "~/lib/plain-text";
import { optionalText, requiredChoice, requiredText, textField } from "./fields";

export const PLACEMENT_PROMPT_MAX_LENGTH = 1000;
export const PLACEMENT_EXPLANATION_MAX_LENGTH = 1000;
/** A choice question has 2 to 6 options (the database's check). */
export const PLACEMENT_OPTIONS_MIN = 2;
export const PLACEMENT_OPTIONS_MAX = 6;
/** A gap accepts at most this many spellings. */
export const PLACEMENT_ACCEPTED_MAX = 10;
/** A list typed one entry per line, as a whole: room for the longest entries, blank lines and
 * stray spaces; the entries are bounded one by one. */
const LIST_TEXT_MAX_LENGTH = 4_000;
/** How a cloze's prompt marks its gap. */
export const PLACEMENT_GAP_MARK = "___";

const p = (key: string) => `admin-placement:validation.${key}`;

/** The non-empty lines of a text typed one entry per line, each trimmed. */
export function linesOf(value: string | undefined): string[] {
  return (value ?? "")
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/** Entries typed one per line: NFC, invisible characters removed, no control character, each at
 * most `max` long, at most `count` of them, none twice (as the test compares answers). */
const lineList = (max: number, count: number, messages: { tooMany: string; tooLong: string }) =>
  z
    .string({ error: "validation.invalidChoice" })
    .max(LIST_TEXT_MAX_LENGTH, { error: "validation.tooLong" })
    .optional()
    .transform((value) => linesOf(value === undefined ? undefined : cleanText(value)))
    .superRefine((lines, context) => {
      if (lines.length > count) context.addIssue({ code: "custom", message: messages.tooMany });
      if (lines.some((line) => line.length > max))
        context.addIssue({ code: "custom", message: messages.tooLong });
      if (lines.some((line) => hasControlCharacters(line, { multiline: false })))
        context.addIssue({ code: "custom", message: "validation.invalidCharacters" });
      const seen = new Set(lines.map(normalizeAnswer));
      if (seen.size < lines.length) context.addIssue({ code: "custom", message: p("duplicate") });
    });

export const placementQuestionSchema = z
  .object({
    level: requiredChoice(placementLevels),
    skill: requiredChoice(placementSkills),
    kind: requiredChoice(placementKinds),
    prompt: requiredText(PLACEMENT_PROMPT_MAX_LENGTH),
    /** "choice": its options, one per line. */
    options: lineList(PLACEMENT_ANSWER_MAX_LENGTH, PLACEMENT_OPTIONS_MAX, {
      tooMany: p("tooManyOptions"),
      tooLong: p("optionTooLong"),
    }),
    /** "choice": the right option, typed as it stands among the options. */
    answer: textField(PLACEMENT_ANSWER_MAX_LENGTH)
      .refine((value) => !hasControlCharacters(value, { multiline: false }), "validation.invalidCharacters")
      .optional(),
    /** "cloze": every accepted word, one per line. A learner types at most
     * PLACEMENT_GAP_MAX_LENGTH characters into a gap: a longer answer could never be given. */
    accepted: lineList(PLACEMENT_GAP_MAX_LENGTH, PLACEMENT_ACCEPTED_MAX, {
      tooMany: p("tooManyAnswers"),
      tooLong: p("answerTooLong"),
    }),
    explanation: textField(PLACEMENT_EXPLANATION_MAX_LENGTH).optional(),
    explanationEn: optionalText(PLACEMENT_EXPLANATION_MAX_LENGTH),
    explanationDe: optionalText(PLACEMENT_EXPLANATION_MAX_LENGTH),
  })
  .superRefine((value, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: "custom", path: [path], message });
    if (value.kind === "choice") {
      if (value.options.length < PLACEMENT_OPTIONS_MIN) issue("options", p("fewOptions"));
      if (!value.answer) issue("answer", "validation.required");
      else if (value.options.length > 0 && !rightOption(value.options, value.answer))
        issue("answer", p("answerNotOption"));
      if (value.accepted.length > 0) issue("accepted", p("onlyCloze"));
    } else {
      if (!value.prompt.includes(PLACEMENT_GAP_MARK)) issue("prompt", p("gapMissing"));
      if (value.options.length > 0) issue("options", p("onlyChoice"));
      if (value.answer) issue("answer", p("onlyChoice"));
      if (value.accepted.length === 0) issue("accepted", "validation.required");
    }
  })
  .transform((value) => ({
    level: value.level,
    skill: value.skill,
    kind: value.kind,
    prompt: value.prompt,
    options: value.kind === "choice" ? value.options : [],
    // The option itself, as it is written among the options (the database compares exactly).
    answers:
      value.kind === "choice" ? [rightOption(value.options, value.answer ?? "") ?? ""] : value.accepted,
    explanation: value.explanation ?? "",
    translations: {
      ...(value.explanationEn && { en: { explanation: value.explanationEn } }),
      ...(value.explanationDe && { de: { explanation: value.explanationDe } }),
    },
  }));

export type PlacementQuestionInput = z.output<typeof placementQuestionSchema>;

/** The option a typed answer names: compared as the test compares answers (case, spaces and
 * Unicode form aside). */
function rightOption(options: readonly string[], answer: string) {
  const typed = normalizeAnswer(answer);
  return options.find((option) => normalizeAnswer(option) === typed);
}
