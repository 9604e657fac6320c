// Every CSV export (students, class roster, newsletter subscribers) through its real route, read
// back with a real CSV parser (csv-parse) as a spreadsheet would: with "," (as written), where
// every stored value comes back (but for the apostrophe before a formula character), and with ";"
// (Excel on German and Vietnamese Windows) without honouring quotes, the strictest reading. In
// neither does any field start with a formula character. Names and goals are generated.
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { courses, enrollments, newsletterSubscribers } from "~/db/schema";
import { loader as rosterCsv } from "~/routes/admin/classes.roster-csv";
import { loader as newsletterCsv } from "~/routes/admin/settings.newsletter-export";
import { loader as studentsCsv } from "~/routes/admin/students.export";
import { createSessionFixture } from "../support/admin-session";
import { createClass, enrolDirectly } from "../support/class-fixtures";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "https://lernhaus.test";
const FORMULA_START = /^[=+\-@\t\r]/;
const withoutNeutraliser = (text: string) => text.replace(/(?<=^|[,;\r\n])'(?=[=+\-@\t\r])/g, "");

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let context: AppLoadContext;
let adminCookie: string;
let classId: string;

/** Hostile texts: the reported one, and generated ones built from separators, quotes, line
 * breaks and formula characters. */
const names = [
  "Lan;=1+2",
  '=HYPERLINK("http://evil.example")',
  "a,@SUM(A1)",
  "x\n-1",
  ...fc.sample(
    fc
      .array(fc.constantFrom("=", "+", "-", "@", "\t", "\r\n", ",", ";", '"', "Lan", " ", "ă"), {
        minLength: 1,
        maxLength: 10,
      })
      .map((pieces) => `${pieces.join("")}.`),
    { numRuns: 20, seed: 34 },
  ),
];

beforeAll(async () => {
  database = await createTestDatabase();
  const fixture = createSessionFixture(database.db, APP_URL);
  context = fixture.context;
  adminCookie = await fixture.cookieFor("admin-csv@example.com", "Admin", "admin");
  const [course] = await database.db
    .insert(courses)
    .values({
      level: "B1",
      title: "B1",
      description: "-",
      duration: "-",
      lessons: "-",
      price: 1,
      color: "blue",
    })
    .returning({ id: courses.id });
  classId = await createClass(database.db, { courseId: course!.id, capacity: 8 });
  for (const [index, name] of names.entries()) {
    // Eight seats; the others on the waitlist, which the roster lists as well.
    const waitlistRank = index < 8 ? undefined : index - 7;
    const id = await enrolDirectly(database.db, classId, { fullName: name, waitlistRank });
    await database.db.update(enrollments).set({ goals: name }).where(eq(enrollments.id, id));
    await database.db
      .insert(newsletterSubscribers)
      .values({ email: `${index}${name}@example.com`, language: "vi", token: `t${index}` });
  }
});

async function download(loader: (args: never) => unknown, path: string, params: Record<string, string> = {}) {
  const response = (await loader({
    request: new Request(`${APP_URL}${path}`, { headers: { cookie: adminCookie } }),
    context,
    params,
  } as never)) as Response;
  expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  return response.text();
}

const exports = [
  { name: "students", fetch: () => download(studentsCsv, "/admin/students/export.csv") },
  {
    name: "class roster",
    fetch: () => download(rosterCsv, `/admin/classes/${classId}/roster.csv`, { id: classId }),
  },
  { name: "newsletter subscribers", fetch: () => download(newsletterCsv, "/admin/settings/newsletter.csv") },
];

describe("CSV exports read back by a CSV parser", () => {
  it.each(exports)("$name: every stored text comes back, read with ','", async ({ fetch }) => {
    const fields = (parse(await fetch(), { bom: true, relax_column_count: true }) as string[][]).flat();
    const read = new Set(fields.map(withoutNeutraliser));
    const expected = (name: string) => withoutNeutraliser(name);
    for (const [index, name] of names.entries()) {
      const found = [...read].some(
        (field) => field === expected(name) || field === expected(`${index}${name}@example.com`),
      );
      expect(found, JSON.stringify(name)).toBe(true);
    }
  });

  it.each(exports)(
    "$name: no field starts with a formula character, read with ',' or with ';'",
    async ({ fetch }) => {
      const text = await fetch();
      const comma = parse(text, { bom: true, relax_column_count: true }) as string[][];
      const semicolon = parse(text, {
        bom: true,
        delimiter: ";",
        quote: false,
        relax_column_count: true,
        record_delimiter: ["\r\n", "\n", "\r"],
      }) as string[][];
      for (const field of [...comma.flat(), ...semicolon.flat()]) {
        expect(field).not.toMatch(FORMULA_START);
      }
    },
  );
});
