// The one logger of the process (ADR 016). The host (server/) configures it at boot; loaders,
// actions, the mail worker and the database code write through `log()`, which during a request
// is that request's logger: every line then carries the request id.
//
// In production the host and the built app (build/server) are separate module graphs, each with
// its own copy of this file: the state they share lives on globalThis, under one symbol.
import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger, type LoggerOptions } from "pino";

export type { Logger };

/** The shape of every line (ADR 016); server/logger.ts adds the level and the destination. */
export const LINE_FORMAT = {
  // journald (or the container runtime) already records host and pid with every line.
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  // "level":"warn" reads and filters better than pino's default numbers.
  formatters: { level: (label: string) => ({ level: label }) },
  serializers: { err: serializeError },
} satisfies LoggerOptions;

/** pino's error fields (type, message, stack, causes), without the values of a failed query:
 * drizzle puts them in the message and in `params`, and they may be a reset token being looked
 * up or a visitor's message (ADR 016). */
export function serializeError(error: unknown) {
  if (!(error instanceof Error)) return error;
  const serialized = pino.stdSerializers.err(error);
  const { query, params } = error as { query?: unknown; params?: unknown };
  if (typeof query === "string" && Array.isArray(params)) {
    const shown = `\nparams: ${String(params)}`;
    const hidden = "\nparams: [REDACTED]";
    serialized.message = serialized.message.split(shown).join(hidden);
    if (serialized.stack) serialized.stack = serialized.stack.split(shown).join(hidden);
    delete serialized.params;
  }
  return serialized;
}

interface SharedLog {
  root: Logger;
  requests: AsyncLocalStorage<Logger>;
}

const KEY = Symbol.for("lernhaus.log");

function shared(): SharedLog {
  const holder = globalThis as typeof globalThis & { [KEY]?: SharedLog };
  // Before the host sets one (tests that call models directly): plain JSON lines on stdout.
  holder[KEY] ??= { root: pino(LINE_FORMAT), requests: new AsyncLocalStorage() };
  return holder[KEY];
}

/** The current request's logger inside a request, else the process logger. */
export function log(): Logger {
  const { root, requests } = shared();
  return requests.getStore() ?? root;
}

/** Makes `logger` the process logger (the host, once at boot; tests that read the lines). */
export function setRootLogger(logger: Logger) {
  shared().root = logger;
}

/** Runs `work` with `logger` as what `log()` returns in it and in everything it awaits. */
export function withRequestLogger<T>(logger: Logger, work: () => T): T {
  return shared().requests.run(logger, work);
}
