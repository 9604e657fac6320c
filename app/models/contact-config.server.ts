import { eq } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { contactConfig } from "~/db/schema";
import { defaultLanguage, type Language } from "~/i18n/language";
import { type ContentTranslations, localizeContent, type TranslationLanguage } from "~/lib/content-language";
import type { ContactDescriptionTranslationInput } from "~/schemas/settings";
import { withTranslation } from "./content-translation.server";

export type ContactConfig = Omit<
  typeof contactConfig.$inferSelect,
  "id" | "createdAt" | "updatedAt" | "translations"
>;
export type ContactConfigInput = Partial<ContactConfig>;

/** The contact details as a page in some language shows them: the description translated or
 * the Vietnamese one, then named in `fallbackFields` (ADR 032). */
export type LocalizedContactConfig = ContactConfig & { fallbackFields: "description"[] };

/** The school's contact details (spec §3 Contact config), the description in `language` when it
 * is translated, or undefined when none are stored. */
export async function getContactConfig(
  db: Db,
  language: Language = defaultLanguage,
): Promise<LocalizedContactConfig | undefined> {
  const [row] = await db
    .select({
      address: contactConfig.address,
      description: contactConfig.description,
      email: contactConfig.email,
      phone: contactConfig.phone,
      zalo: contactConfig.zalo,
      facebook: contactConfig.facebook,
      instagram: contactConfig.instagram,
      twitter: contactConfig.twitter,
      youtube: contactConfig.youtube,
      translations: contactConfig.translations,
    })
    .from(contactConfig)
    .limit(1);
  return row && localizeContent(row, language, ["description"]);
}

/** The English and German descriptions, for the settings' contact tab. */
export async function getContactTranslations(db: Db): Promise<ContentTranslations<"description">> {
  const [row] = await db.select({ translations: contactConfig.translations }).from(contactConfig).limit(1);
  return row?.translations ?? {};
}

export async function updateContactConfig(db: Db, values: ContactConfigInput) {
  await db.transaction(async (tx) => {
    await tx
      .insert(contactConfig)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: contactConfig.id, set: { ...values, updatedAt: new Date() } });
    await notifyChange(tx, "contacts");
  });
}

/** Saves the English or German description: only that language's part of `translations`
 * (ADR 032), never the Vietnamese columns. false while no contact details are stored (there is
 * no Vietnamese description to translate yet). */
export async function saveContactTranslation(
  db: Db,
  language: TranslationLanguage,
  version: Omit<ContactDescriptionTranslationInput, "language">,
) {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(contactConfig)
      .set({ translations: withTranslation(contactConfig.translations, language, version) })
      .where(eq(contactConfig.id, 1))
      .returning({ id: contactConfig.id });
    await notifyChange(tx, "contacts");
    return updated.length > 0;
  });
}
