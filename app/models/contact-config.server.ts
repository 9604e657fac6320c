import { notifyChange } from "~/db/change-bus.server";
import type { Db } from "~/db/client.server";
import { contactConfig } from "~/db/schema";

export type ContactConfig = Omit<
  typeof contactConfig.$inferSelect,
  "id" | "createdAt" | "updatedAt" | "translations"
>;
export type ContactConfigInput = Partial<ContactConfig>;

/** The school's contact details (spec §3 Contact config), or undefined when none are stored. */
export async function getContactConfig(db: Db): Promise<ContactConfig | undefined> {
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
    })
    .from(contactConfig)
    .limit(1);
  return row;
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
