// What a change is about (architecture §1): the topics the change bus carries between processes
// and that pages subscribe to. Pure, so that schemas and components may name topics without
// reaching into the database layer.
export const changeTopics = [
  "courses",
  // Classes and their seats left (ADR 026): an enrolment into a class changes public pages.
  "classes",
  "posts",
  "about",
  "team",
  "values",
  "milestones",
  "testimonials",
  "stats",
  "contacts",
  "settings",
  "enrollments",
  "messages",
  "users",
  "outbox",
  "newsletter",
  // The placement test's question bank: only its admin page shows it (a test reads it at start).
  "placement",
  // Free trial lessons (ADR 046): the sessions offered and their seats left (/trial shows them).
  "trials",
  // Money received and bank notifications (ADR 050): the payments list, Settings' notification
  // log, and a learner's open success screen or profile, which then ask whether it was theirs.
  "payments",
] as const;
export type ChangeTopic = (typeof changeTopics)[number];

/** Topics only admin pages show. A change to one of them leaves the anonymous page cache alone
 * (the outbox changes with every mail sent; the public pages never show it). */
const adminOnlyTopics: ReadonlySet<ChangeTopic> = new Set([
  "enrollments",
  "messages",
  "users",
  "outbox",
  "newsletter",
  "placement",
  "payments",
]);

export function changesPublicPages(topic: ChangeTopic) {
  return !adminOnlyTopics.has(topic);
}

export function isChangeTopic(value: string): value is ChangeTopic {
  return (changeTopics as readonly string[]).includes(value);
}
