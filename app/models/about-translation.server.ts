// Saving one language of the about page's texts (ADR 032): only that language's version in the
// row's `translations` is replaced (withTranslation), so the Vietnamese columns and the other
// language stay as they were, and the change is announced on the part's topic like any write.
import { eq } from "drizzle-orm";
import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { aboutInfo, coreValues, milestones, teamMembers, testimonials } from "~/db/schema";
import type { TranslatableValue, TranslationLanguage } from "~/lib/content-language";
import type { AboutListKind } from "~/schemas/about";
import type { AboutEntryTranslationInput, AboutInfoTranslationInput } from "~/schemas/about-translation";
import { withTranslation } from "./content-translation.server";

/** The general info in `language`; false when there is no general info to translate yet. */
export async function translateAboutInfo(
  db: Db,
  { language, ...version }: AboutInfoTranslationInput,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(aboutInfo)
      .set({ translations: withTranslation(aboutInfo.translations, language, version) })
      .where(eq(aboutInfo.id, 1))
      .returning({ id: aboutInfo.id });
    if (updated.length > 0) await notifyChange(tx, "about");
    return updated.length > 0;
  });
}

const listTables = { team: teamMembers, values: coreValues, milestones, testimonials } as const;

/** The columns every list table shares, which is all this write touches. */
type ListTable = typeof milestones;

/** One entry of a list in `language`; false when the entry no longer exists (deleted in
 * another tab). */
export async function translateAboutEntry<K extends AboutListKind>(
  db: Db,
  kind: K,
  id: string,
  input: AboutEntryTranslationInput[K],
): Promise<boolean> {
  // Every list's version is texts and lists of texts (the schemas say which).
  const { language, ...version } = input as { language: TranslationLanguage } & Record<
    string,
    TranslatableValue | undefined
  >;
  const table = listTables[kind] as unknown as ListTable;
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(table)
      .set({ translations: withTranslation(table.translations, language, version) })
      .where(eq(table.id, id))
      .returning({ id: table.id });
    if (updated.length > 0) await notifyChange(tx, kind);
    return updated.length > 0;
  });
}
