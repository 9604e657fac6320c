import type { Route } from "./+types/events";

const HEARTBEAT_MS = 25_000;

/** Server-Sent Events: one `change` event per change-bus topic (ARCHITECTURE.md §1). Carries
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
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      // `retry`: how soon the browser reconnects after the server goes away (a restart).
      send("retry: 2000\n: connected\n\n");
      const unsubscribe = context.changeBus.subscribe((topic) => send(`event: change\ndata: ${topic}\n\n`));
      const heartbeat = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
      let closed = false;
      cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        // The shutdown signal lives as long as the process: never leave a listener behind.
        context.shutdownSignal.removeEventListener("abort", cleanup);
        request.signal.removeEventListener("abort", cleanup);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      request.signal.addEventListener("abort", cleanup);
      context.shutdownSignal.addEventListener("abort", cleanup);
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
