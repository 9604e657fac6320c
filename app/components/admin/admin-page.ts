import type { ChangeTopic } from "~/lib/change-topics";

/** An admin route's handle names the change topics it shows, so another admin's save reaches
 * this page live. */
export interface AdminHandle {
  liveTopics?: readonly ChangeTopic[];
}
