// Follows one change topic on the page's live-update stream (live-updates.ts) without reloading
// the page's loaders: for a piece of a page that asks the server itself (the success screen
// asking whether its payment arrived, issue 31). Apart from live-updates.ts, which every page
// loads, so that only the pages using it carry it (the public pages' JavaScript budget).
import { useEffect, useRef } from "react";
import type { ChangeTopic } from "~/lib/change-topics";
import { topicListeners } from "./live-updates";

/** Calls `onChange` whenever `topic` changes, and after a resync or a gap in the stream (anything
 * may have changed); undefined follows nothing. The topic need not be one of the page's
 * liveTopics: the stream carries every topic, and those only decide what reloads the loaders.
 * Every public page opens the stream (the site layout's topics). */
export function useChangeTopic(topic: ChangeTopic | undefined, onChange: () => void) {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (!topic) return;
    const listener = (changed?: string) => {
      if (changed === undefined || changed === topic) latest.current();
    };
    topicListeners.add(listener);
    return () => {
      topicListeners.delete(listener);
    };
  }, [topic]);
}
