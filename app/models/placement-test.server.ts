// The placement test (issue 29): a test is drawn from the active question bank when a learner
// starts it, answered once, and scored here with the one rule of app/lib/placement-test.ts. The
// bank's answers are read by this module only, and only to score: what a page gets of a question
// is its text and its options, never which option is right.
import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { placementAttempts, placementQuestions } from "~/db/schema";
import type { Language } from "~/i18n/language";
import {
  drawPlacementTest,
  type PlacementKind,
  type PlacementLevel,
  type PlacementResult,
  scorePlacement,
} from "~/lib/placement-test";
import { queuePlacementResultMail } from "~/mail/templates/placement-result.server";
import { HONEYPOT_FIELD } from "~/schemas/field-limits";
import type { PlacementAnswersInput } from "~/schemas/placement-test";
import { personMatch } from "./person-erasure.server";
import { type SubmissionContext, submissionRateLimitKeys } from "./public-submission.server";
import { hitRateLimit } from "./request-limit.server";

/** An attempt may be answered this long after it was started; its result stays readable. */
export const PLACEMENT_ATTEMPT_HOURS = 24;

/** A question as the test page shows it. */
export interface PlacementQuestionView {
  id: string;
  kind: PlacementKind;
  prompt: string;
  options: string[];
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const tokenHashOf = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
const TOKEN_PATTERN = /^[0-9a-f]{32}$/;

/** Starts a test in `language`: draws its questions from the active bank and returns the
 * attempt's secret (the test's address), or undefined when the bank has no active question. */
export async function startPlacementAttempt(db: Db, language: Language): Promise<string | undefined> {
  const bank = await db
    .select({
      id: placementQuestions.id,
      level: placementQuestions.level,
      position: placementQuestions.position,
    })
    .from(placementQuestions)
    .where(eq(placementQuestions.active, true))
    .orderBy(asc(placementQuestions.level), asc(placementQuestions.position), asc(placementQuestions.id));
  const drawn = drawPlacementTest(bank.map((row) => ({ ...row, level: row.level as PlacementLevel })));
  if (drawn.length === 0) return undefined;
  const token = randomBytes(16).toString("hex");
  await db.insert(placementAttempts).values({
    tokenHash: tokenHashOf(token),
    questionIds: drawn.map((question) => question.id),
    language,
  });
  return token;
}

export type PlacementAttempt =
  | { status: "open"; questions: PlacementQuestionView[] }
  | { status: "submitted"; result: PlacementResult; language: string; emailLeft: boolean };

/** The attempt a secret opens: its questions while it is open (text and options only), its
 * result once answered; undefined for an unknown secret or an open one whose time has passed. */
export async function getPlacementAttempt(db: Db, token: string): Promise<PlacementAttempt | undefined> {
  const attempt = await findAttempt(db, token);
  if (!attempt) return undefined;
  if (attempt.submittedAt)
    return {
      status: "submitted",
      result: resultOf(attempt),
      language: attempt.language,
      emailLeft: attempt.email !== null,
    };
  const rows = await db
    .select({
      id: placementQuestions.id,
      kind: placementQuestions.kind,
      prompt: placementQuestions.prompt,
      options: placementQuestions.options,
    })
    .from(placementQuestions)
    .where(inArray(placementQuestions.id, attempt.questionIds));
  const byId = new Map(rows.map((row) => [row.id, row]));
  // In the order drawn; a question deleted since is left out (it is not scored either).
  const questions = attempt.questionIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ ...row, kind: row.kind as PlacementKind }] : [];
  });
  return { status: "open", questions };
}

export type PlacementSubmission =
  | { status: "scored"; result: PlacementResult }
  | { status: "already-submitted"; result: PlacementResult }
  | { status: "not-found" };

/**
 * Scores an attempt's answers and stores them, once: of several submissions of one attempt (a
 * double click, two tabs, a replayed request) exactly one counts, the others are told the result
 * it got. Answers to questions the attempt did not ask are ignored; the caller has bounded them
 * (app/schemas/placement-test.ts).
 */
export async function submitPlacementAttempt(
  db: Db | Tx,
  token: string,
  answers: Readonly<Record<string, string>>,
  contact: { email?: string; phone?: string; name?: string } = {},
): Promise<PlacementSubmission> {
  const attempt = await findAttempt(db, token);
  if (!attempt) return { status: "not-found" };
  if (attempt.submittedAt) return { status: "already-submitted", result: resultOf(attempt) };
  const keys = await db
    .select({
      id: placementQuestions.id,
      level: placementQuestions.level,
      answers: placementQuestions.answers,
    })
    .from(placementQuestions)
    .where(inArray(placementQuestions.id, attempt.questionIds));
  const asked = keys.map((key) => ({ ...key, level: key.level as PlacementLevel }));
  const kept = Object.fromEntries(
    asked.flatMap(({ id }) => (answers[id] === undefined ? [] : [[id, answers[id]] as const])),
  );
  const result = scorePlacement(asked, kept);
  const [stored] = await db
    .update(placementAttempts)
    .set({
      submittedAt: sql`now()`,
      answers: kept,
      byLevel: result.byLevel,
      reachedLevel: result.reached,
      startLevel: result.startAt,
      email: contact.email || null,
      phone: contact.phone || null,
      name: contact.name || null,
    })
    .where(and(eq(placementAttempts.id, attempt.id), isNull(placementAttempts.submittedAt)))
    .returning({ id: placementAttempts.id });
  if (stored) return { status: "scored", result };
  // Another submission of the same attempt was first: its result is the one that counts.
  const winner = await findAttempt(db, token);
  return winner?.submittedAt
    ? { status: "already-submitted", result: resultOf(winner) }
    : { status: "not-found" };
}

/** The attempt a secret opens: answered (its result stays readable until retention removes it),
 * or open and started less than PLACEMENT_ATTEMPT_HOURS ago (by the database's clock). */
async function findAttempt(db: Db | Tx, token: string) {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const [attempt] = await db
    .select()
    .from(placementAttempts)
    .where(
      and(
        eq(placementAttempts.tokenHash, tokenHashOf(token)),
        or(
          isNotNull(placementAttempts.submittedAt),
          sql`${placementAttempts.startedAt} > now() - make_interval(hours => ${PLACEMENT_ATTEMPT_HOURS})`,
        ),
      ),
    );
  return attempt;
}

function resultOf(attempt: typeof placementAttempts.$inferSelect): PlacementResult {
  return {
    byLevel: attempt.byLevel as PlacementResult["byLevel"],
    reached: (attempt.reachedLevel as PlacementLevel | null) ?? null,
    startAt: attempt.startLevel as PlacementResult["startAt"],
  };
}

/* ---------------------------------------------------------------- the pages' two posts */

type PlacementContext = Pick<SubmissionContext, "db" | "clientIp">;
type RateLimited = { status: "rate-limited"; retryAfterSeconds: number };

async function limited(
  context: PlacementContext,
  form: "placement-start" | "placement",
  person: { email?: string; phone?: string } = {},
): Promise<RateLimited | undefined> {
  const hits = await Promise.all(
    submissionRateLimitKeys(form, { clientIp: context.clientIp, ...person }).map(({ key, rule }) =>
      hitRateLimit(context.db, key, rule),
    ),
  );
  const refused = hits.filter((hit) => !hit.allowed);
  if (refused.length === 0) return undefined;
  return {
    status: "rate-limited",
    retryAfterSeconds: Math.max(...refused.map((hit) => hit.retryAfterSeconds)),
  };
}

/** "Bắt đầu làm bài": a new attempt, within the public forms' per-IP allowance. */
export async function startPlacementTest(
  context: PlacementContext,
  language: Language,
): Promise<{ status: "started"; token: string } | { status: "unavailable" } | RateLimited> {
  const refused = await limited(context, "placement-start");
  if (refused) return refused;
  const token = await startPlacementAttempt(context.db, language);
  return token ? { status: "started", token } : { status: "unavailable" };
}

export type PlacementTestOutcome =
  | PlacementSubmission
  /** The honeypot was filled: nothing stored or sent, and the answer looks like a success. */
  | { status: "ignored" }
  | RateLimited;

/** The answers' post, already checked by the page with the form's schema (placementAnswersSchema,
 * before anything is read): counted against the public forms' allowances (per IP, and per email
 * and phone left), scored once, and — when the learner left an email — the result mailed in the
 * page's language, in the same transaction as the score, so that it is mailed exactly when it is
 * stored. */
export async function submitPlacementTest(
  context: PlacementContext,
  token: string,
  input: PlacementAnswersInput,
  meta: { language: Language; resultUrl: string },
): Promise<PlacementTestOutcome> {
  const { answers, email, phone, name } = input;
  const refused = await limited(context, "placement", { email, phone });
  if (refused) return refused;
  // Software that fills every field is answered as if all went well; nothing is kept or sent.
  if (input[HONEYPOT_FIELD]) return { status: "ignored" };
  return context.db.transaction(async (tx) => {
    const outcome = await submitPlacementAttempt(tx, token, answers, { email, phone, name });
    if (outcome.status === "scored" && email) {
      await queuePlacementResultMail(tx, {
        to: email,
        name,
        language: meta.language,
        result: outcome.result,
        resultUrl: meta.resultUrl,
      });
    }
    return outcome;
  });
}

/** A person's placement test results, newest first, for the admin's view of their record: the
 * ones left with their email or their phone (the erasure's rule, personMatch). */
export async function listPlacementResultsOf(db: Db, person: { email?: string; phone?: string }) {
  const rows = await db
    .select({
      submittedAt: placementAttempts.submittedAt,
      reachedLevel: placementAttempts.reachedLevel,
      startLevel: placementAttempts.startLevel,
      byLevel: placementAttempts.byLevel,
    })
    .from(placementAttempts)
    .where(
      and(
        isNotNull(placementAttempts.submittedAt),
        personMatch({ email: person.email, phone: person.phone })(
          placementAttempts.email,
          placementAttempts.phone,
        ),
      ),
    )
    .orderBy(desc(placementAttempts.submittedAt))
    .limit(5);
  return rows.map((row) => ({
    submittedAt: row.submittedAt!,
    reached: (row.reachedLevel as PlacementLevel | null) ?? null,
    startAt: row.startLevel as PlacementResult["startAt"],
    byLevel: row.byLevel as PlacementResult["byLevel"],
  }));
}

export type PersonPlacementResult = Awaited<ReturnType<typeof listPlacementResultsOf>>[number];
