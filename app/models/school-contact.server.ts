// The school's contact details as /contact and the confirmation mails show them: what the
// contact config stores, and Lernhaus's own details where nothing is stored (spec §2 Contact
// "falls back to default contact details if the store has none"). The footer shows only
// what is stored (getContactConfig).
import type { Db } from "~/db/client.server";
import { type ContactConfig, getContactConfig } from "./contact-config.server";

/** Lernhaus's published details, used for each card the contact config leaves empty. Social
 * links never fall back: a network is shown only when a URL is stored (spec §2 Contact). */
export const fallbackSchoolContact = {
  phone: "+84 24 3123 4567",
  email: "info@lernhaus.edu.vn",
  zalo: "0912 345 678",
  address: "Tầng 5, số 88 Láng Hạ, Đống Đa, Hà Nội",
} as const;

export type SchoolContact = ContactConfig;

export async function getSchoolContact(db: Db): Promise<SchoolContact> {
  const stored = await getContactConfig(db);
  return {
    description: stored?.description ?? "",
    facebook: stored?.facebook ?? "",
    instagram: stored?.instagram ?? "",
    twitter: stored?.twitter ?? "",
    youtube: stored?.youtube ?? "",
    phone: stored?.phone || fallbackSchoolContact.phone,
    email: stored?.email || fallbackSchoolContact.email,
    zalo: stored?.zalo || fallbackSchoolContact.zalo,
    address: stored?.address || fallbackSchoolContact.address,
  };
}

/** The school's contacts as lines of a mail, with translated labels. */
export function schoolContactLines(
  school: SchoolContact,
  labels: { phone: string; email: string; zalo: string; address: string },
) {
  return [
    `${labels.phone}: ${school.phone}`,
    `${labels.email}: ${school.email}`,
    `${labels.zalo}: ${school.zalo}`,
    `${labels.address}: ${school.address}`,
  ].join("\n");
}
