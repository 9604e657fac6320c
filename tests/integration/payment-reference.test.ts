// The payment reference comes from the database (migration 0011, ADR 028): the migration gives
// every existing enrolment one, the column's default every new one; all of the form "LH" and six
// characters of an alphabet without look-alikes, and no two alike.
import type pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { createMigrationDatabase, migrationFiles } from "../support/migration-database";

/** "LH" and six of 23456789ABCDEFGHJKMNPQRSTUVWXYZ: no 0/O, 1/I/L. */
const REFERENCE = /^LH[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/;

let client: pg.Client;
let apply: (file: string) => Promise<void>;

beforeAll(async () => {
  ({ client, apply } = await createMigrationDatabase("reference"));
  // The schema as it was before payments.
  for (const file of migrationFiles().filter((f) => f < "0011")) await apply(file);
});

const insertEnrollments = (count: number) =>
  client.query(
    `insert into enrollments (full_name, phone, email, course, schedule)
     select 'Lan ' || i, '0912345678', 'lan' || i || '@example.com', 'b1', 'evening'
     from generate_series(1, $1::int) as i`,
    [count],
  );

async function references() {
  const { rows } = await client.query<{ payment_reference: string }>(
    "select payment_reference from enrollments",
  );
  return rows.map((row) => row.payment_reference);
}

describe("payment references", () => {
  it("are given to every enrolment made before the migration", async () => {
    await insertEnrollments(25);
    for (const file of migrationFiles().filter((f) => f >= "0011")) await apply(file);
    const given = await references();
    expect(given).toHaveLength(25);
    for (const reference of given) expect(reference).toMatch(REFERENCE);
    expect(new Set(given).size).toBe(25);
  });

  it("are given by default to new enrolments: 2,000 of them, each of the form, none twice", async () => {
    // One insert per statement, as enrolments arrive: each new reference is checked against
    // those already stored.
    await client.query(`do $$ begin
      for i in 1..2000 loop
        insert into enrollments (full_name, phone, email, course, schedule)
        values ('Minh ' || i, '0912345678', 'minh' || i || '@example.com', 'a1', 'morning');
      end loop;
    end $$`);
    const all = await references();
    expect(all).toHaveLength(2025);
    for (const reference of all) expect(reference).toMatch(REFERENCE);
    expect(new Set(all).size).toBe(2025);
    // Every character of the alphabet turns up: the generator draws from all 31 of them.
    const used = new Set(all.flatMap((reference) => [...reference.slice(2)]));
    expect([...used].sort().join("")).toBe("23456789ABCDEFGHJKMNPQRSTUVWXYZ");
  });

  it("refuse a duplicate even when one is written by hand", async () => {
    const [taken] = await references();
    await expect(
      client.query(
        `insert into enrollments (full_name, phone, email, course, schedule, payment_reference)
         values ('Lan', '0912345678', 'x@example.com', 'b1', 'evening', $1)`,
        [taken],
      ),
    ).rejects.toThrow(/enrollments_payment_reference_idx/);
  });
});
