// A scheduled time in an admin form (ADR 053 posts, ADR 057 courses). Its own module: the public
// forms' fields (fields.ts) stay free of the date rules. Browser-safe.
import { parseVietnamDateTime } from "~/lib/post-schedule";
import { optionalText } from "./fields";

/** A scheduled time (ADR 053, ADR 057): a `datetime-local` value read as Vietnam time, still ahead
 * when saved; empty for none (undefined). */
export const futureVietnamTime = (messages: { invalid: string; past: string }) =>
  optionalText(32)
    .refine((value) => value === undefined || parseVietnamDateTime(value) !== undefined, messages.invalid)
    .refine((value) => {
      const at = value === undefined ? undefined : parseVietnamDateTime(value);
      return at === undefined || at.getTime() > Date.now();
    }, messages.past)
    .transform((value) => (value === undefined ? undefined : parseVietnamDateTime(value)));
