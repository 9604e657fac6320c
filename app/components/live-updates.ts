// Live reads (ARCHITECTURE.md §1): a route declares the change topics it shows in its
// `handle`; the root opens one EventSource for the page and revalidates the loaders when one
// of those topics changes.
import { useEffect, useRef } from "react";
import { useMatches, useRevalidator } from "react-router";
import type { ChangeTopic } from "~/db/change-bus.server";

export interface RouteHandle {
  liveTopics?: readonly ChangeTopic[];
}

const RECONNECT_DELAY_MS = 2_000;

export function useLiveUpdates() {
  const topics = new Set(
    useMatches().flatMap((match) => (match.handle as RouteHandle | undefined)?.liveTopics ?? []),
  );
  const topicKey = [...topics].sort().join(",");
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => {
    if (!topicKey) return;
    const wanted = new Set(topicKey.split(","));
    let source: EventSource | undefined;
    let debounce: ReturnType<typeof setTimeout> | undefined;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    let opened = false;
    const refresh = () => {
      clearTimeout(debounce);
      // Several writes in a burst (a save touching many rows) cost one reload. A failed reload
      // would replace the page with an error, so reload only from a server that answers.
      debounce = setTimeout(async () => {
        const healthy = await fetch("/healthz", { cache: "no-store" }).then(
          (response) => response.ok,
          () => false,
        );
        if (healthy) void revalidate.current();
      }, 150);
    };
    const connect = () => {
      source = new EventSource("/api/events");
      source.addEventListener("change", (event) => {
        if (wanted.has((event as MessageEvent<string>).data)) refresh();
      });
      source.addEventListener("open", () => {
        // After a reconnect, changes may have been missed while the server was away.
        if (opened) refresh();
        opened = true;
      });
      source.addEventListener("error", () => {
        // The browser retries by itself unless the stream was refused outright.
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          reconnect = setTimeout(connect, RECONNECT_DELAY_MS);
        }
      });
    };
    connect();
    return () => {
      clearTimeout(debounce);
      clearTimeout(reconnect);
      source?.close();
    };
  }, [topicKey]);
}
