// Reads every visitor shares — the school's contacts in every public page's header and footer,
// the home page's blocks — kept in the process until the change bus says that what they show
// has changed (ADR 064). Anonymous visitors mostly get these pages from the page cache; a
// signed-in learner's page is rendered for them, and before this each of those renders asked
// the database again for the same rows (five of the six statements of a signed-in home page).
//
// The same contract as the page cache (ADR 004, ADR 021): a write that changes what a read shows
// ends with `notifyChange` of its topic, every process takes the read out when the topic
// arrives, and after the listening connection was lost everything is taken out. What a read
// returns must not depend on who asks: only the key (a language) may vary it.
import type { AppLoadContext } from "react-router";
import type { ChangeTopic } from "~/lib/change-topics";
import type { ChangeBus } from "./change-bus.server";

/** More keys than the code names (three languages × a few reads) means a key made from the
 * request: the oldest is dropped rather than the process growing. */
const MAX_ENTRIES = 100;

interface Entry {
  topics: readonly ChangeTopic[];
  value: Promise<unknown>;
}

export class SharedReads {
  // The promise, not the value: simultaneous requests after a change wait for one read rather
  // than each running it. Map order is insertion order: the first is the oldest.
  private readonly entries = new Map<string, Entry>();

  get size() {
    return this.entries.size;
  }

  /**
   * The read `key` as kept, or `load()` run once and kept until a change of one of `topics`. A
   * read that fails is not kept, nor one `keep` refuses (a page that left out a block whose query
   * failed). A change that comes while the read runs takes it out at once: the next request
   * reads again, and never gets rows from before the change.
   */
  read<T>(
    key: string,
    topics: readonly ChangeTopic[],
    load: () => Promise<T>,
    keep: (value: T) => boolean = () => true,
  ): Promise<T> {
    const kept = this.entries.get(key);
    if (kept) return kept.value as Promise<T>;
    const value = load();
    const entry: Entry = { topics, value };
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    value.then(
      (loaded) => {
        if (!keep(loaded)) this.drop(key, entry);
      },
      () => this.drop(key, entry),
    );
    return value;
  }

  /** Takes out every read that shows `topic`. */
  invalidate(topic: ChangeTopic) {
    for (const [key, entry] of this.entries) {
      if (entry.topics.includes(topic)) this.entries.delete(key);
    }
  }

  clear() {
    this.entries.clear();
  }

  /** Subscribes to the change bus; returns the unsubscribe function. */
  follow(changeBus: Pick<ChangeBus, "subscribe">) {
    return changeBus.subscribe((topic) => this.invalidate(topic), { onResync: () => this.clear() });
  }

  private drop(key: string, entry: Entry) {
    if (this.entries.get(key) === entry) this.entries.delete(key);
  }
}

/** A shared read through the request's host, or straight from the database where no host keeps
 * them (a test calling a loader, the CLI). */
export function readShared<T>(
  context: Pick<AppLoadContext, "sharedReads">,
  key: string,
  topics: readonly ChangeTopic[],
  load: () => Promise<T>,
  keep?: (value: T) => boolean,
): Promise<T> {
  return context.sharedReads ? context.sharedReads.read(key, topics, load, keep) : load();
}
