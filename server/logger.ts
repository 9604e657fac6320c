// The process logger (ADR 016): one JSON object per line on stdout in production, for journald
// and `jq`; the same records as short human lines in development.
import pino, { type DestinationStream, type LevelWithSilent, type Logger } from "pino";
import { LINE_FORMAT } from "~/lib/log.server";

export interface LoggerOptions {
  level: LevelWithSilent;
  /** Human lines instead of JSON (`npm run dev`). */
  pretty: boolean;
  /** Where lines go; stdout by default. */
  destination?: DestinationStream;
}

export function createLogger({ level, pretty, destination }: LoggerOptions): Logger {
  const output = pretty ? prettyStream(destination ?? process.stdout) : destination;
  return pino(
    { ...LINE_FORMAT, level },
    // Without a destination pino writes to stdout synchronously: nothing is lost on exit.
    output ?? pino.destination({ dest: 1, sync: true }),
  );
}

const LEVEL_TAGS: Record<string, string> = {
  fatal: "FATAL",
  error: "ERROR",
  warn: "WARN ",
  info: "INFO ",
  debug: "DEBUG",
  trace: "TRACE",
};

/** Turns pino's JSON lines into the lines a developer reads in a terminal. */
function prettyStream(target: { write(text: string): unknown }): DestinationStream {
  return {
    write(line: string) {
      target.write(`${formatPretty(JSON.parse(line) as Record<string, unknown>)}\n`);
    },
  };
}

/** One record as `12:04:05 INFO  GET /courses 200 3.1 ms 127.0.0.1 [a1b2…]`, or, for events,
 * the message followed by its fields as name=value; an error's stack on the lines below. */
export function formatPretty(record: Record<string, unknown>): string {
  const { time, level, msg, err, ...fields } = record;
  const clock = typeof time === "string" ? time.slice(11, 19) : "";
  const tag = LEVEL_TAGS[String(level)] ?? String(level).toUpperCase();
  let text: string;
  if (msg === "request") {
    const { method, path, query, status, durationMs, ip, reqId, ...rest } = fields;
    text = `${method} ${path}${query ? `?${query}` : ""} ${status} ${durationMs} ms ${ip} [${reqId}]${pairs(rest)}`;
  } else {
    text = `${msg ?? ""}${pairs(fields)}`;
  }
  const stack = err && typeof err === "object" ? (err as { stack?: unknown }).stack : undefined;
  return `${clock} ${tag} ${text}${typeof stack === "string" ? `\n${stack}` : ""}`;
}

function pairs(fields: Record<string, unknown>) {
  return Object.entries(fields)
    .map(([name, value]) => ` ${name}=${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join("");
}
