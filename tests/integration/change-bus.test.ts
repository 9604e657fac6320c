import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChangeBus, notifyChange, startChangeBus } from "~/db/change-bus.server";
import { contactConfig } from "~/db/schema";
import type { ChangeTopic } from "~/lib/change-topics";
import { getContactConfig, updateContactConfig } from "~/models/contact-config.server";
import { loader as eventsLoader } from "~/routes/api/events";
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

  it("announces several topics of one transaction in one statement, each on commit only", async () => {
    received.length = 0;
    await database.db
      .transaction(async (tx) => {
        await notifyChange(tx, "about", "team");
        throw new Error("rollback");
      })
      .catch(() => {});
    await database.db.transaction(async (tx) => {
      await notifyChange(tx, "values", "milestones", "testimonials");
    });
    await waitFor(() =>
      ["values", "milestones", "testimonials"].every((t) => received.includes(t as ChangeTopic)),
    );
    expect(received).not.toContain("about");
    expect(received).not.toContain("team");
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

  describe("after losing the listening connection", () => {
    /** Subscribes to a fresh bus and records its topics and resync signals in order. */
    const watch = (target: ChangeBus) => {
      const events: string[] = [];
      target.subscribe((topic) => events.push(topic), { onResync: () => events.push("resync") });
      return events;
    };
    const until = async (predicate: () => boolean, what: () => string, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!predicate()) {
        if (Date.now() > deadline) throw new Error(`timed out: ${what()}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const listenerPids = async () =>
      (
        await database.pool.query<{ pid: number }>(
          "select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN%'",
        )
      ).rows.map((row) => row.pid);
    /** A bus of its own, and the backend it listens on (the file's other bus listens too). */
    const startListening = async () => {
      const before = await listenerPids();
      const target = await startChangeBus(database.url);
      const pids = (await listenerPids()).filter((pid) => !before.includes(pid));
      expect(pids).toHaveLength(1);
      return { target, pid: pids[0]! };
    };

    it("reconnects when its backend is terminated, signals a resync, and delivers changes again", async () => {
      const { target, pid } = await startListening();
      const events = watch(target);
      try {
        await database.pool.query("select pg_terminate_backend($1)", [pid]);
        // Nobody hears a change made while the bus is deaf…
        await notifyChange(database.db, "courses");
        // …so on reconnecting it tells its subscribers to reload everything.
        await until(
          () => events.includes("resync"),
          () => JSON.stringify(events),
        );
        await notifyChange(database.db, "posts");
        await until(
          () => events.includes("posts"),
          () => JSON.stringify(events),
        );
        expect(events.slice(events.indexOf("resync"))).toEqual(["resync", "posts"]);
        const [newPid] = await listenerPids();
        expect(newPid).not.toBe(pid);
      } finally {
        await target.close();
      }
    });

    it("tells an open /api/events stream to resync, in one event, when its process reconnected", async () => {
      const { target, pid } = await startListening();
      const shutdown = new AbortController();
      const request = new Request("http://lernhaus.test/api/events", { signal: shutdown.signal });
      const response = (await eventsLoader({
        request,
        params: {},
        context: {
          changeBus: target,
          config: { LIVE_STREAMS_PER_IP: 20, LIVE_STREAMS_MAX: 1000 },
          shutdownSignal: shutdown.signal,
          clientIp: "192.0.2.7",
        },
      } as never)) as Response;
      expect(response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = "";
      const readUntil = async (needle: string) => {
        const deadline = Date.now() + 10_000;
        while (!text.includes(needle)) {
          if (Date.now() > deadline)
            throw new Error(`no ${JSON.stringify(needle)} in ${JSON.stringify(text)}`);
          const { value, done } = await reader.read();
          if (done) throw new Error(`stream ended: ${JSON.stringify(text)}`);
          text += value;
        }
      };
      try {
        await readUntil(": connected");
        await database.pool.query("select pg_terminate_backend($1)", [pid]);
        await readUntil("event: resync\ndata: all\n\n");
        await notifyChange(database.db, "courses");
        await readUntil("event: change\ndata: courses\n\n");
        // One resync, not a `change` per topic.
        expect(text.match(/event: change/g)).toHaveLength(1);
      } finally {
        shutdown.abort();
        await reader.cancel().catch(() => {});
        await target.close();
      }
    });

    it("gives a subscriber without a resync handler every topic instead (the page cache clears)", async () => {
      const { target, pid } = await startListening();
      const topics: ChangeTopic[] = [];
      target.subscribe((topic) => topics.push(topic));
      try {
        await database.pool.query("select pg_terminate_backend($1)", [pid]);
        await until(
          () => topics.includes("courses") && topics.includes("posts"),
          () => JSON.stringify(topics),
        );
      } finally {
        await target.close();
      }
    });

    it("notices a connection the network silently stopped carrying, by its health query, and reconnects", async () => {
      // A TCP relay to the database that can black-hole the connections it carries: bytes go in,
      // nothing comes out, nothing is closed (a NAT or firewall forgetting the flow).
      const databaseUrl = new URL(database.url);
      const carried: { client: net.Socket; server: net.Socket; dropped: boolean }[] = [];
      const relay = net.createServer((clientSocket) => {
        const serverSocket = net.connect(Number(databaseUrl.port), databaseUrl.hostname);
        const pair = { client: clientSocket, server: serverSocket, dropped: false };
        carried.push(pair);
        clientSocket.on("data", (chunk) => {
          if (!pair.dropped) serverSocket.write(chunk);
        });
        serverSocket.on("data", (chunk) => {
          if (!pair.dropped) clientSocket.write(chunk);
        });
        const closeBoth = () => {
          clientSocket.destroy();
          serverSocket.destroy();
        };
        clientSocket.on("close", closeBoth).on("error", closeBoth);
        serverSocket.on("close", closeBoth).on("error", closeBoth);
      });
      await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
      const relayed = new URL(database.url);
      relayed.hostname = "127.0.0.1";
      relayed.port = String((relay.address() as net.AddressInfo).port);

      const target = await startChangeBus(relayed.toString(), {
        healthIntervalMs: 200,
        healthTimeoutMs: 300,
      });
      const events = watch(target);
      try {
        await notifyChange(database.db, "stats");
        await until(
          () => events.includes("stats"),
          () => JSON.stringify(events),
        );
        for (const pair of carried) pair.dropped = true;
        await notifyChange(database.db, "courses"); // lost in the black hole
        await until(
          () => events.includes("resync"),
          () => JSON.stringify(events),
        );
        expect(events).not.toContain("courses");
        await notifyChange(database.db, "posts");
        await until(
          () => events.includes("posts"),
          () => JSON.stringify(events),
        );
        expect(carried.filter((pair) => !pair.client.destroyed)).toHaveLength(1);
      } finally {
        await target.close();
        for (const pair of carried) {
          pair.client.destroy();
          pair.server.destroy();
        }
        await new Promise((resolve) => relay.close(resolve));
      }
    });
  });
});
