// Settings › Thanh toán, bank-transfer notifications (ADR 050): which provider may post, how SePay
// authenticates, the secret, and the account they apply to. Shared by the form and the action.
// No server imports: this module runs in the browser too.
import { z } from "zod";
import { bankFeedProviders, sepayAuthMethods } from "~/lib/bank-feed";
import { ACCOUNT_NUMBER_PATTERN } from "./payment";

export const BANK_FEED_SECRET_MIN_LENGTH = 12;
export const BANK_FEED_SECRET_MAX_LENGTH = 200;

export const bankFeedSettingsSchema = z.object({
  // "" turns notifications off.
  provider: z.enum(["", ...bankFeedProviders], { error: "validation.invalidChoice" }).default(""),
  auth: z.enum(sepayAuthMethods, { error: "validation.invalidChoice" }).default("apikey"),
  // Empty keeps the stored secret; a new one replaces it.
  secret: z
    .string()
    .trim()
    .max(BANK_FEED_SECRET_MAX_LENGTH, { error: "validation.tooLong" })
    .default("")
    .refine(
      (value) => value === "" || (value.length >= BANK_FEED_SECRET_MIN_LENGTH && !/\s/.test(value)),
      "payment:bankFeed.errors.secret",
    ),
  account: z
    .string()
    .max(64, { error: "validation.tooLong" })
    .default("")
    .overwrite((value) => value.replace(/[\s.-]/g, ""))
    .refine((value) => value === "" || ACCOUNT_NUMBER_PATTERN.test(value), "payment:settings.errors.account"),
});
export type BankFeedSettingsForm = z.infer<typeof bankFeedSettingsSchema>;
