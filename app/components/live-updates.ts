// Live reads (architecture §1): a route declares the change topics it shows in its
// `handle`; the root opens one stream of /api/events for the page and revalidates the loaders
// when one of those topics changes.
//
// A piece of a page that asks the server itself rather than reloading the page's loaders (the
// success screen asking whether its payment arrived) follows a topic on the same stream
// (useChangeTopic): one stream per page, whatever follows it.
//
// The stream is read with fetch, not EventSource: a refused stream (429 per IP, 503 for the
// whole process, ADR 011) makes EventSource give up for good without showing the answer,
// while here the page sees the status and the server's Retry-After and tries again then.
import { useEffect, useRef, useState } from "react";
import { useLocation, useMatches, useNavigation, useRevalidator } from "react-router";
import type { ChangeTopic } from "~/lib/change-topics";

export interface RouteHandle {
  liveTopics?: readonly ChangeTopic[];
}

/** Until the stream says otherwise (its `retry:` field). */
const DEFAULT_RECONNECT_MS = 2_000;
/** A restarting server is back within seconds: retry at least this often (with jitter). */
const MAX_BACKOFF_MS = 10_000;

/** `Retry-After` in seconds (the only form the server sends), as milliseconds. */
function retryAfterMs(response: Response): number | undefined {
  const seconds = Number(response.headers.get("Retry-After"));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

/** Spreads the reconnections of many pages refused at the same moment. */
const withJitter = (ms: number) => Math.round(ms * (1 + Math.random() * 0.3));

/** The change topics a page shows: its matched routes' `liveTopics`, each once. The page
 * subscribes to them here; the host's page cache takes the page out on a change of one of them
 * (entry.server.tsx, ADR 042). */
export function liveTopicsOf(handles: readonly unknown[]): ChangeTopic[] {
  return [...new Set(handles.flatMap((handle) => (handle as RouteHandle | undefined)?.liveTopics ?? []))];
}

/** What follows a topic by itself (useChangeTopic, use-change-topic.ts), fed by the page's
 * stream: each is called with the topic that changed, or with none for every topic. */
export const topicListeners = new Set<(topic?: string) => void>();

/** Tells the followers that `topic` changed; without a topic, that anything may have (a resync,
 * or a stream back after a gap). */
export function hearChange(topic?: string) {
  for (const listener of topicListeners) listener(topic);
}

export function useLiveUpdates() {
  const topics = liveTopicsOf(useMatches().map((match) => match.handle));
  // The stream carries every topic; the page's topics only decide what reloads its loaders. So
  // the page keeps one stream across navigations and reads its current topics when a change
  // arrives: a stream reopened because the next page shows other topics would miss whatever
  // changed between closing the old one and the server accepting the new one.
  const wanted = useRef(new Set<string>(topics));
  wanted.current = new Set<string>(topics);
  const following = topics.length > 0;
  const navigating = useNavigation().state !== "idle";
  const isNavigating = useRef(navigating);
  isNavigating.current = navigating;
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  // A change that arrives while the page is loading (a navigation, an action's reload, the last
  // live reload) is reloaded once that has ended, not by interrupting it: React Router aborts
  // the loads in flight, and an interrupted load is the likely source of the uncaught "signal is
  // aborted without reason" seen once in the admin's posts journey.
  const busy = navigating || revalidator.state !== "idle";
  const isBusy = useRef(busy);
  isBusy.current = busy;
  const reloadWhenIdle = useRef(false);
  useEffect(() => {
    if (busy || !reloadWhenIdle.current) return;
    reloadWhenIdle.current = false;
    void revalidate.current();
  }, [busy]);

  useEffect(() => {
    if (!following) return;
    const stop = new AbortController();
    let debounce: ReturnType<typeof setTimeout> | undefined;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    let reconnectMs = DEFAULT_RECONNECT_MS;
    let failures = 0;
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
        if (!healthy) return;
        if (isBusy.current) reloadWhenIdle.current = true;
        else void revalidate.current();
      }, 150);
    };

    /** One SSE block: `retry:` changes the reconnect delay; `event: change` names a topic;
     * `event: resync` stands for every topic. */
    const handleBlock = (block: string) => {
      let event = "message";
      let data = "";
      for (const line of block.split("\n")) {
        if (line.startsWith("retry:")) {
          const ms = Number(line.slice(6).trim());
          if (Number.isInteger(ms) && ms > 0) reconnectMs = ms;
        } else if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data += line.slice(5).trim();
      }
      if (event === "change") {
        // While a navigation loads, the next page's topics are not known yet, and its loaders
        // may have read before this change: reload once it has arrived.
        if (wanted.current.has(data) || isNavigating.current) refresh();
        hearChange(data);
      }
      // The server's change bus was deaf for a while: anything this page shows may have changed.
      else if (event === "resync") {
        refresh();
        hearChange();
      }
    };

    const scheduleReconnect = (delayMs: number) => {
      if (stop.signal.aborted) return;
      clearTimeout(reconnect);
      reconnect = setTimeout(connect, withJitter(delayMs));
    };

    const connect = async () => {
      let response: Response;
      try {
        response = await fetch("/api/events", {
          cache: "no-store",
          headers: { Accept: "text/event-stream" },
          signal: stop.signal,
        });
      } catch {
        // Server unreachable (restarting, offline): back off, doubling up to 10 s.
        failures++;
        scheduleReconnect(Math.min(reconnectMs * 2 ** (failures - 1), MAX_BACKOFF_MS));
        return;
      }
      if (!response.ok || !response.body) {
        // Refused (too many streams, shutting down): the server says when; else back off.
        failures++;
        void response.body?.cancel();
        scheduleReconnect(
          retryAfterMs(response) ?? Math.min(reconnectMs * 2 ** (failures - 1), MAX_BACKOFF_MS),
        );
        return;
      }
      failures = 0;
      // After a reconnect, changes may have been missed while the stream was away.
      if (opened) {
        refresh();
        hearChange();
      }
      opened = true;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffered = "";
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffered += value.replace(/\r\n?/g, "\n");
          let end = buffered.indexOf("\n\n");
          while (end !== -1) {
            handleBlock(buffered.slice(0, end));
            buffered = buffered.slice(end + 2);
            end = buffered.indexOf("\n\n");
          }
        }
      } catch {
        // The connection dropped (server stopped, network change) or the page left.
      }
      // The stream ended: the server went away; come back as soon as it said.
      scheduleReconnect(reconnectMs);
    };

    void connect();
    return () => {
      stop.abort();
      clearTimeout(debounce);
      clearTimeout(reconnect);
    };
  }, [following]);
}

/** A route's actionData that a live update does not wipe. React Router clears actionData when
 * the loaders are revalidated, so a step an admin is in the middle of (a bank statement's preview,
 * a class mail's preview) would vanish because someone enrolled meanwhile. The answer is kept for
 * the location it is shown at (an action's answer arrives a render before its location does); the
 * next navigation, a new location key, drops it. */
export function useKeptActionData<T>(actionData: T | undefined): T | undefined {
  const location = useLocation();
  const [kept, setKept] = useState<{ data: T; locationKey: string }>();
  // Cleared actionData comes as null at run time, whatever its type says.
  const fresh = actionData ?? undefined;
  if (fresh !== undefined && (kept?.data !== fresh || kept.locationKey !== location.key)) {
    setKept({ data: fresh, locationKey: location.key });
  }
  if (fresh !== undefined) return fresh;
  return kept?.locationKey === location.key ? kept.data : undefined;
}
