// The school's contact details as text: pure, for the mails and the pages alike.

/** The fields of the school's contact details that a mail lists. */
export interface SchoolContactFields {
  phone: string;
  email: string;
  zalo: string;
  address: string;
}

/** The school's contacts as lines of a mail, with translated labels; cleared ones are left out. */
export function schoolContactLines(
  school: SchoolContactFields,
  labels: { phone: string; email: string; zalo: string; address: string },
) {
  return (["phone", "email", "zalo", "address"] as const)
    .filter((key) => school[key])
    .map((key) => `${labels[key]}: ${school[key]}`)
    .join("\n");
}
