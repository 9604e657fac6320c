// The analytics page's date range, read from the URL. Browser-safe.
import { z } from "zod";
import { calendarDayInVietnam } from "~/lib/format";
import { isCalendarDay } from "./fields";

export const ANALYTICS_DEFAULT_WEEKS = 12;
/** A longer range would make weekly charts unreadable on a phone; two years is plenty. */
export const ANALYTICS_MAX_DAYS = 731;
/** spec §9: "stated contact response time 2 hours". */
export const PROMISED_RESPONSE_SECONDS = 2 * 60 * 60;

const isoDay = z.string().refine(isCalendarDay);

/** A calendar day (yyyy-mm-dd) moved by `days` days. */
export function addDays(day: string, days: number) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The Monday of the week `day` falls in. */
export function mondayOf(day: string) {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
  return addDays(day, -weekday);
}

export interface AnalyticsRange {
  from: string;
  to: string;
}

/** The range in the URL (?from=&to=), or the last 12 weeks (this one included). A reversed or
 * oversized range is corrected rather than refused: the page always shows something. */
export function parseAnalyticsRange(params: URLSearchParams, now = new Date()): AnalyticsRange {
  const today = calendarDayInVietnam(now);
  const to = isoDay.safeParse(params.get("to")).data ?? today;
  const defaultFrom = addDays(mondayOf(to), -7 * (ANALYTICS_DEFAULT_WEEKS - 1));
  let from = isoDay.safeParse(params.get("from")).data ?? defaultFrom;
  if (from > to) from = defaultFrom;
  if (Date.parse(to) - Date.parse(from) > ANALYTICS_MAX_DAYS * 86_400_000)
    from = addDays(to, -ANALYTICS_MAX_DAYS);
  return { from, to };
}
