// Caps on the open live-update streams of one process (ADR 011): one IP once held 19,723
// of them (memory 318 MB → 1.08 GB) and closing them stalled the server for 7 s. Each stream
// takes a slot per client IP and one of the process's total; the extra ones are refused.
import { setMetricSources } from "./metrics.server";

export type SlotRefusal = "perIp" | "total";

export interface LiveStreamSlot {
  /** Gives the slot back; safe to call more than once. */
  release(): void;
}

export class LiveStreamSlots {
  private readonly perIp = new Map<string, number>();
  private readonly open = new Set<() => void>();

  constructor(
    readonly maxPerIp: number,
    readonly maxTotal: number,
  ) {}

  get total() {
    return this.open.size;
  }

  countFor(ip: string) {
    return this.perIp.get(ip) ?? 0;
  }

  /** A slot for a stream from `ip`, or why there is none. `close` ends that stream (shutdown). */
  take(ip: string, close: () => void): LiveStreamSlot | SlotRefusal {
    if (this.open.size >= this.maxTotal) return "total";
    const held = this.countFor(ip);
    if (held >= this.maxPerIp) return "perIp";
    this.perIp.set(ip, held + 1);
    this.open.add(close);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        // Set and Map removals are O(1): closing thousands of streams at once stays cheap.
        this.open.delete(close);
        const left = this.countFor(ip) - 1;
        if (left > 0) this.perIp.set(ip, left);
        else this.perIp.delete(ip);
      },
    };
  }

  /** Ends every open stream (the process is shutting down). */
  closeAll() {
    for (const close of [...this.open]) close();
  }
}

const processSlots = new WeakMap<AbortSignal, LiveStreamSlots>();

/** The process's slots (one per shutdown signal, i.e. per running app), created on first use
 * with the configured caps; shutting down ends every stream in one pass. */
export function liveStreamSlots(
  config: { LIVE_STREAMS_PER_IP: number; LIVE_STREAMS_MAX: number },
  shutdownSignal: AbortSignal,
): LiveStreamSlots {
  let slots = processSlots.get(shutdownSignal);
  if (!slots) {
    const created = new LiveStreamSlots(config.LIVE_STREAMS_PER_IP, config.LIVE_STREAMS_MAX);
    // One listener for all streams, not one each (removing thousands of them is quadratic).
    shutdownSignal.addEventListener("abort", () => created.closeAll(), { once: true });
    processSlots.set(shutdownSignal, created);
    setMetricSources({ liveStreams: () => created.total });
    slots = created;
  }
  return slots;
}
