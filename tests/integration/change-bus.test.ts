import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChangeBus, type ChangeTopic, notifyChange, startChangeBus } from "~/db/change-bus.server";
import { contactConfig } from "~/db/schema";
import { getContactConfig, updateContactConfig } from "~/models/contact-config.server";
import { createTestDatabase } from "../support/test-database";

describe("change bus (NOTIFY/LISTEN)", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let bus: ChangeBus;
  const received: ChangeTopic[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    bus = await startChangeBus(database.url);
    bus.subscribe((topic) => received.push(topic));
  });
  afterAll(async () => {
    await bus.close();
  });

  const waitFor = async (predicate: () => boolean) => {
    const deadline = Date.now() + 5_000;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error(`timed out; received ${JSON.stringify(received)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it("delivers a committed change to every listener", async () => {
    received.length = 0;
    const second = await startChangeBus(database.url);
    const secondReceived: ChangeTopic[] = [];
    second.subscribe((topic) => secondReceived.push(topic));
    await notifyChange(database.db, "courses");
    await waitFor(() => received.includes("courses") && secondReceived.includes("courses"));
    await second.close();
  });

  it("delivers nothing for a rolled-back transaction", async () => {
    received.length = 0;
    await database.db
      .transaction(async (tx) => {
        await notifyChange(tx, "posts");
        throw new Error("rollback");
      })
      .catch(() => {});
    await notifyChange(database.db, "stats"); // a marker that does arrive
    await waitFor(() => received.includes("stats"));
    expect(received).not.toContain("posts");
  });

  it("announces a contact config update, and keeps createdAt while moving updatedAt", async () => {
    received.length = 0;
    await updateContactConfig(database.db, { address: "Số 1 Tràng Tiền, Hà Nội", phone: "0900 000 001" });
    await waitFor(() => received.includes("contacts"));
    const timestamps = () =>
      database.db
        .select({ createdAt: contactConfig.createdAt, updatedAt: contactConfig.updatedAt })
        .from(contactConfig);
    const [first] = await timestamps();
    await new Promise((r) => setTimeout(r, 20));
    await updateContactConfig(database.db, { address: "Số 2 Tràng Tiền, Hà Nội" });
    const [second] = await timestamps();
    expect(second?.createdAt).toEqual(first?.createdAt);
    expect(second!.updatedAt.getTime()).toBeGreaterThan(first!.updatedAt.getTime());
    expect(await getContactConfig(database.db)).toMatchObject({
      address: "Số 2 Tràng Tiền, Hà Nội",
      phone: "0900 000 001",
    });
  });
});
