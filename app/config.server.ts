// Environment contract (architecture §4), validated once at boot. A bad value stops the
// process with one line naming the variable, never a stack trace.
import path from "node:path";
import { z } from "zod";
import { MINIMUM_FILL_MILLISECONDS } from "~/schemas/field-limits";

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const flag = (defaultValue: boolean) =>
  z
    .enum(["1", "0", "true", "false", "yes", "no", "on", "off", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? defaultValue : ["1", "true", "yes", "on"].includes(v)));

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
        .optional(),
    ),
    // Connections each app process may open to PostgreSQL (its query pool; live updates take one
    // more). With N instances: N × (this + 1) must stay below the server's max_connections.
    DATABASE_POOL_MAX: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z.coerce.number().int().min(1).max(1000).default(10),
    ),
    APP_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    AUTH_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
        .optional(),
    ),
    MAIL_FROM: z.string().trim().min(3).default("Lernhaus <no-reply@lernhaus.local>"),
    SCHOOL_INBOX: optionalText.pipe(z.email().optional()),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    OIDC_ISSUER: optionalText.pipe(z.url().optional()),
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    SEED_DEMO: flag(true),
    TRUST_PROXY: flag(false),
    // Open live-update streams per process, in total and per client IP (ADR 011). Each holds
    // a socket (a file descriptor): keep the total well below the open-file limit (`ulimit -n`).
    LIVE_STREAMS_MAX: z.coerce.number().int().min(1).max(100_000).default(1000),
    LIVE_STREAMS_PER_IP: z.coerce.number().int().min(1).max(10_000).default(20),
    // How fast a post sent to the newsletter subscribers goes out (ADR 029): its mails are due
    // this many a minute. Keep it below what the mail server (or its provider's quota) accepts.
    NEWSLETTER_MAILS_PER_MINUTE: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z.coerce.number().int().min(1).max(100_000).default(60),
    ),
    // ADR 013's minimum fill time of the public forms: a form sent sooner after it was shown is
    // refused. The spec's 3 s unless set; the test servers lower it so that the form journeys do
    // not wait it out (one test runs at the real value). Lower in production, and bots that post
    // at once get through.
    FORM_MINIMUM_FILL_MS: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z.coerce.number().int().min(0).max(600_000).default(MINIMUM_FILL_MILLISECONDS),
    ),
    // ADR 040: turns on GET /metrics for a scraper that sends it as a bearer token. Long enough
    // that guessing it is hopeless (the endpoint has no attempt limit of its own).
    METRICS_TOKEN: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    // ADR 050: SePay's bank-transfer notifications with API-key authentication, set by the
    // environment instead of Settings › Thanh toán (which then shows it as set here). Long enough
    // that guessing it is hopeless.
    SEPAY_API_KEY: optionalText.pipe(
      z.string().min(16, "must be at least 16 characters").max(200).optional(),
    ),
    // ADR 016. Empty means the default: info (a line per request and per event).
    LOG_LEVEL: z.preprocess(
      (v) => (typeof v === "string" && v.trim() !== "" ? v.trim().toLowerCase() : undefined),
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "is required when NODE_ENV=production and DATABASE_URL is set",
      });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["GOOGLE_CLIENT_SECRET"],
        message: "set both Google variables or neither",
      });
    }
    const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter(Boolean).length;
    if (oidc !== 0 && oidc !== 3) {
      ctx.addIssue({
        code: "custom",
        path: ["OIDC_ISSUER"],
        message: "set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together",
      });
    }
  });

export type Config = ReturnType<typeof parseConfig>;
/** The configuration the app runs with: AUTH_SECRET resolved (given, or generated once into DATA_DIR). */
export type AppConfig = Config & { authSecret: string };

export class ConfigError extends Error {}

/** A value safe to print: secrets hidden, passwords in URLs masked. */
function shownValue(name: string, value: string) {
  if (/SECRET|PASSWORD|TOKEN|KEY/.test(name)) return value ? "***" : "";
  return value.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@");
}

export function parseConfig(env: NodeJS.ProcessEnv = process.env) {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    throw new ConfigError(
      `Invalid ${name}=${JSON.stringify(shownValue(name, env[name] ?? ""))}: ${issue.message}`,
    );
  }
  const parsed = result.data;
  const dataDir = path.resolve(parsed.DATA_DIR);
  return {
    ...parsed,
    DATA_DIR: dataDir,
    APP_URL: (parsed.APP_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, ""),
    isProduction: parsed.NODE_ENV === "production",
  };
}
