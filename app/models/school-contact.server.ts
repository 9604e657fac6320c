// The school's contact details as /contact, the privacy page and the confirmation mails show
// them. A school that has saved its contact settings shows exactly what it saved — a field the
// admin cleared is hidden everywhere, as in the footer. Only a school that never saved them
// gets Lernhaus's own details (spec §2 Contact "falls back to default contact details if the
// store has none").
import type { AppLoadContext } from "react-router";
import type { Db } from "~/db/client.server";
import { type ContactConfig, getContactConfig } from "./contact-config.server";

/** Lernhaus's published details, used only while no contact config is stored. Social links
 * never fall back: a network is shown only when a URL is stored (spec §2 Contact). */
export const fallbackSchoolContact = {
  phone: "+84 24 3123 4567",
  email: "info@lernhaus.edu.vn",
  zalo: "0912 345 678",
  address: "Tầng 5, số 88 Láng Hạ, Đống Đa, Hà Nội",
} as const;

export type SchoolContact = ContactConfig;

export async function getSchoolContact(db: Db): Promise<SchoolContact> {
  const stored = await getContactConfig(db);
  if (stored) return stored;
  return { description: "", facebook: "", instagram: "", twitter: "", youtube: "", ...fallbackSchoolContact };
}

/** Where the school's own mail goes (notifications, answers to replies): architecture §4
 * SCHOOL_INBOX; else the published address; a school that cleared it still gets its mail at
 * Lernhaus's address rather than none. */
export function schoolInboxAddress(
  config: Pick<AppLoadContext["config"], "SCHOOL_INBOX">,
  school: SchoolContact,
) {
  return config.SCHOOL_INBOX ?? (school.email || fallbackSchoolContact.email);
}
