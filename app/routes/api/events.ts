import { liveStreamSlots } from "~/lib/live-stream-slots.server";
import type { Route } from "./+types/events";

const HEARTBEAT_MS = 25_000;
/** How soon a refused client may try again: a slot frees when any page is closed. */
const REFUSED_RETRY_SECONDS = { perIp: 10, total: 15 } as const;

/** Server-Sent Events: one `change` event per change-bus topic (architecture §1), and a
 * `resync` event when the process's change bus reconnected after missing changes. Carries
 * only topic names, never data, so it is the same for everyone and needs no permission check. */
export function loader({ request, context }: Route.LoaderArgs) {
  // A process that is shutting down must not accept a stream it will close at once: the
  // browser would take it for the restarted server and reload data from a dying process.
  if (context.shutdownSignal.aborted) {
    return new Response("Shutting down", {
      status: 503,
      headers: { "Cache-Control": "no-store", "Retry-After": "2" },
    });
  }
  const encoder = new TextEncoder();
  let cleanup = () => {};
  // A slot per client IP and one of the process's total (ADR 011), or a refusal saying
  // when to try again (the client hook in app/components/live-updates.ts honours it).
  const slot = liveStreamSlots(context.config, context.shutdownSignal).take(context.clientIp, () =>
    cleanup(),
  );
  if (slot === "perIp" || slot === "total") {
    const seconds = REFUSED_RETRY_SECONDS[slot];
    return new Response(
      slot === "perIp" ? "Too many live-update streams from this address" : "Too many live-update streams",
      {
        status: slot === "perIp" ? 429 : 503,
        headers: {
          "Cache-Control": "no-store",
          "Retry-After": String(seconds),
          "Content-Type": "text/plain; charset=utf-8",
        },
      },
    );
  }
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      // `retry`: how soon the client reconnects after the server goes away (a restart).
      send("retry: 2000\n: connected\n\n");
      // `resync`: this process's change bus was deaf for a while (ADR 021); the page reloads
      // whatever it shows instead of trusting that it missed nothing.
      const unsubscribe = context.changeBus.subscribe((topic) => send(`event: change\ndata: ${topic}\n\n`), {
        onResync: () => send("event: resync\ndata: all\n\n"),
      });
      // The heartbeat keeps proxies from timing the stream out, and a write to a peer that is
      // gone fails and ends the stream (the request's abort signal fires on the socket's close).
      const heartbeat = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
      let closed = false;
      cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        slot.release();
        request.signal.removeEventListener("abort", cleanup);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      request.signal.addEventListener("abort", cleanup);
      if (request.signal.aborted) cleanup();
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform keeps the compression middleware from buffering the stream.
      "Cache-Control": "no-store, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
