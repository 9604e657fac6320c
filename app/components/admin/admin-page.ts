import type { ChangeTopic } from "~/db/change-bus.server";

/** Every admin route's handle names its title (i18n key in the "admin" namespace) and the change
 * topics it shows, so another admin's save reaches this page live. */
export interface AdminHandle {
  adminTitle: string;
  liveTopics?: readonly ChangeTopic[];
}
