// The school's link to a bank-notification provider (ADR 050): stored in the payment settings'
// singleton row, or — for SePay with an API key — set by the environment (SEPAY_API_KEY), which
// then wins. The secret is sealed under AUTH_SECRET and never leaves the server again; Settings
// shows its last four characters.
import { eq, sql } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { paymentSettings } from "~/db/schema";
import { type BankFeedProvider, isBankFeedProvider, type SepayAuthMethod } from "~/lib/bank-feed";
import type { FeedCredentials } from "~/lib/bank-feed-auth.server";
import { openSecret, sealSecret } from "~/lib/secret-box.server";
import type { BankFeedSettingsForm } from "~/schemas/bank-feed";

const SEAL_PURPOSE = "bank-feed-secret";

/** What of the app's configuration the feed reads (models take plain values, not the config). */
export interface BankFeedConfig {
  authSecret: string;
  /** The environment's SePay API key, which wins over Settings. */
  SEPAY_API_KEY?: string | undefined;
}

export interface BankFeed {
  /** null: notifications are off. */
  provider: BankFeedProvider | null;
  auth: SepayAuthMethod;
  /** The provider's credentials when they can be checked: a provider chosen and its secret readable. */
  credentials: FeedCredentials | undefined;
  /** The stored secret's last four characters ("" when none). */
  secretHint: string;
  /** The account notifications apply to: Settings' own, else the payment account. */
  account: string;
  /** What Settings stores for it ("" = the payment account). */
  accountSetting: string;
  /** SEPAY_API_KEY is set: SePay with that key, whatever Settings says. */
  fromEnvironment: boolean;
  /** Posts refused for their credentials, and the last one's time. */
  refused: number;
  refusedAt: Date | null;
}

export async function readBankFeed(db: Pick<Db, "select">, config: BankFeedConfig): Promise<BankFeed> {
  const [row] = await db
    .select({
      provider: paymentSettings.bankFeedProvider,
      auth: paymentSettings.bankFeedAuth,
      secret: paymentSettings.bankFeedSecret,
      secretHint: paymentSettings.bankFeedSecretHint,
      account: paymentSettings.bankFeedAccount,
      paymentAccount: paymentSettings.accountNumber,
      refused: paymentSettings.bankFeedRefused,
      refusedAt: paymentSettings.bankFeedRefusedAt,
    })
    .from(paymentSettings)
    .where(eq(paymentSettings.id, 1));
  const common = {
    account: row?.account || row?.paymentAccount || "",
    accountSetting: row?.account ?? "",
    refused: row?.refused ?? 0,
    refusedAt: row?.refusedAt ?? null,
  };
  const environmentKey = config.SEPAY_API_KEY;
  if (environmentKey)
    return {
      ...common,
      provider: "sepay",
      auth: "apikey",
      credentials: { provider: "sepay", auth: "apikey", secret: environmentKey },
      secretHint: environmentKey.slice(-4),
      fromEnvironment: true,
    };
  const provider = row && isBankFeedProvider(row.provider) ? row.provider : null;
  const auth: SepayAuthMethod = row?.auth === "hmac" ? "hmac" : "apikey";
  const secret = row?.secret ? openSecret(config.authSecret, SEAL_PURPOSE, row.secret) : undefined;
  return {
    ...common,
    provider,
    auth,
    credentials: provider && secret ? { provider, auth, secret } : undefined,
    secretHint: secret ? (row?.secretHint ?? "") : "",
    fromEnvironment: false,
  };
}

/** Saves the form. A new secret replaces the stored one; an empty field keeps it — unless the
 * provider or SePay's method changed, when the old secret cannot be the new one's and is dropped
 * (the form then asks for one: `needsSecret`). */
export async function saveBankFeed(
  db: Db,
  config: BankFeedConfig,
  input: BankFeedSettingsForm,
): Promise<"saved" | "needsSecret"> {
  // With SEPAY_API_KEY the environment decides the provider and the secret: the form changes the
  // account only, and whatever Settings stored stays for the day the variable is removed.
  if (config.SEPAY_API_KEY) {
    await db.transaction(async (tx) => {
      await tx
        .insert(paymentSettings)
        .values({ id: 1, bankFeedAccount: input.account })
        .onConflictDoUpdate({
          target: paymentSettings.id,
          set: { bankFeedAccount: input.account, updatedAt: new Date() },
        });
      await notifyChange(tx, "payments");
    });
    return "saved";
  }
  return db.transaction(async (tx) => {
    const current = await readBankFeed(tx, config);
    const changedKind =
      current.provider !== (input.provider || null) ||
      (input.provider === "sepay" && current.auth !== input.auth);
    const keepsSecret = input.secret === "" && !changedKind && current.credentials !== undefined;
    if (input.provider !== "" && !config.SEPAY_API_KEY && input.secret === "" && !keepsSecret)
      return "needsSecret";
    const secret =
      input.secret !== ""
        ? {
            bankFeedSecret: sealSecret(config.authSecret, SEAL_PURPOSE, input.secret),
            bankFeedSecretHint: input.secret.slice(-4),
          }
        : keepsSecret
          ? {}
          : { bankFeedSecret: "", bankFeedSecretHint: "" };
    const values = {
      bankFeedProvider: input.provider,
      bankFeedAuth: input.auth,
      bankFeedAccount: input.account,
      ...secret,
    };
    await tx
      .insert(paymentSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: paymentSettings.id, set: { ...values, updatedAt: new Date() } });
    await notifyChange(tx, "payments");
    return "saved";
  });
}

/** One post refused for its credentials: counted where every instance sees it. */
export async function countRefusedNotification(db: Pick<Db, "update">) {
  await db
    .update(paymentSettings)
    .set({ bankFeedRefused: sql`${paymentSettings.bankFeedRefused} + 1`, bankFeedRefusedAt: sql`now()` })
    .where(eq(paymentSettings.id, 1));
}
