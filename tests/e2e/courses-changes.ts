// Content changes made the way the admin makes them (a transaction that ends with NOTIFY), for
// the about and courses specs. `change` returns once the server has heard the notification, so
// the anonymous page cache is already cleared when the test opens a page.
import { notifyChange } from "~/db/change-bus.server";
import type { Database } from "~/db/client.server";
import type { ChangeTopic } from "~/lib/change-topics";

export type Tx = Parameters<Parameters<Database["db"]["transaction"]>[0]>[0];

export async function change(
  database: Database,
  baseURL: string,
  topic: ChangeTopic,
  work: (tx: Tx) => Promise<unknown>,
) {
  const events = await listenForChanges(baseURL);
  try {
    await database.db.transaction(async (tx) => {
      await work(tx);
      await notifyChange(tx, topic);
    });
    await events.next(topic);
  } finally {
    events.close();
  }
}

/** The server's own event stream (/api/events): it names a topic after the server has cleared
 * its page cache for it. */
async function listenForChanges(baseURL: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseURL}/api/events`, { signal: controller.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let received = "";
  return {
    async next(topic: ChangeTopic) {
      const timeout = setTimeout(() => controller.abort(), 5_000);
      try {
        while (!received.includes(`data: ${topic}\n`)) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`event stream ended before "${topic}"`);
          received += value;
        }
      } finally {
        clearTimeout(timeout);
      }
    },
    close: () => controller.abort(),
  };
}
