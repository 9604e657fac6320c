// What the app logs, as parsed records, for tests that check a log line (ADR 016).
import pino from "pino";
import { LINE_FORMAT, log, setRootLogger } from "~/lib/log.server";

export function captureLog(level: pino.LevelWithSilent = "info") {
  const records: Record<string, unknown>[] = [];
  const previous = log();
  setRootLogger(pino({ ...LINE_FORMAT, level }, { write: (line: string) => records.push(JSON.parse(line)) }));
  return { records, restore: () => setRootLogger(previous) };
}
