// The school's scheduled work, run by every app process on a timer: the posts scheduled to be
// published (and their newsletters, ADR 053), the classes' reminders a day ahead, the hourly
// housekeeping (what the privacy page says is not kept) and the nightly clean-up of unused images
// (ADR 054). Each job asks the database whether it is its turn (claimJobRun, ADR 021), so with
// several instances one of them does it; the .eml copies of sent mail live in each process's own
// DATA_DIR, so each process deletes its own. Jobs call models, and models queue mail: the mail
// worker only delivers.
import type { Db } from "~/db/client.server";
import { log } from "~/lib/log.server";
import { runClassReminderCheck } from "~/models/class-reminder.server";
import { runMediaCleanup } from "~/models/media.server";
import {
  deleteExpiredMailCopies,
  HOUSEKEEPING_PERIOD_SECONDS,
  runHousekeeping,
} from "~/models/retention.server";
import { runScheduledPublishing } from "~/models/scheduled-publishing.server";

/** What the newsletter of a scheduled post needs: its links and its sending pace (ADR 029). */
export interface NewsletterSending {
  appUrl: string;
  mailsPerMinute: number;
}

/** How often each process asks whether a job is due. Asking is one conditional upsert; the
 * database says yes once per job period across processes. */
const CHECK_INTERVAL_MS = 60_000;
/** The first check follows the start closely, so a restart does not delay a due job. */
const FIRST_CHECK_MS = 2_000;

export async function runScheduledWork(
  db: Db,
  options: { dataDir?: string; cleanMailCopies: boolean; newsletter: NewsletterSending },
) {
  await runScheduledPublishing(db, options.newsletter);
  await runHousekeeping(db);
  // Images no content has used for 30 days, once a night across instances (ADR 054).
  await runMediaCleanup(db);
  const reminders = await runClassReminderCheck(db);
  if (reminders) log().info({ reminders }, "class reminders: queued");
  if (options.dataDir && options.cleanMailCopies) {
    const mailFiles = await deleteExpiredMailCopies(options.dataDir);
    if (mailFiles > 0) {
      log().info({ deleted: { mailFiles } }, "retention: deleted records past their retention period");
    }
  }
}

export function startScheduledWork(options: { db: Db; dataDir?: string; newsletter: NewsletterSending }) {
  let stopped = false;
  let running: Promise<unknown> | undefined;
  let lastMailCopyCleanup = 0;
  const round = () => {
    // One round at a time: a slow database must not pile rounds up behind it.
    if (stopped || running) return;
    const cleanMailCopies = Date.now() - lastMailCopyCleanup > HOUSEKEEPING_PERIOD_SECONDS * 1000;
    if (cleanMailCopies) lastMailCopyCleanup = Date.now();
    running = runScheduledWork(options.db, {
      dataDir: options.dataDir,
      cleanMailCopies,
      newsletter: options.newsletter,
    })
      .catch((error: unknown) => log().error({ err: error }, "scheduled work: a round failed"))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(round, FIRST_CHECK_MS);
  const timer = setInterval(round, CHECK_INTERVAL_MS);
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
