// The ports the tests give their server processes (tests/support/test-ports.ts): CI failed once
// because a port picked by listen(0) was taken, before the server listened, by a connection
// from elsewhere on the machine. Now several test processes picking at once never get the
// same port, never one from the kernel's ephemeral range, and never one something listens on.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, test } from "vitest";
import { freePort, TEST_PORTS } from "../support/test-ports";

const testPorts = fileURLToPath(new URL("../support/test-ports.ts", import.meta.url));
const tsx = fileURLToPath(new URL("../../node_modules/.bin/tsx", import.meta.url));
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "lernhaus-test-ports-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const reservationsDir = path.join(os.tmpdir(), "lernhaus-test-ports");

test("four processes picking 150 ports each at once get 600 distinct ports below the ephemeral range, released when they exit", {
  timeout: 60_000,
}, async () => {
  // Each process holds its ports (as a test holds its servers' ports) until all four have picked.
  const script = path.join(folder, "pick.mts");
  fs.writeFileSync(
    script,
    `import { freePort } from ${JSON.stringify(testPorts)};
const ports = await Promise.all(Array.from({ length: 150 }, () => freePort()));
console.log(JSON.stringify({ pid: process.pid, ports }));
process.stdin.resume();
process.stdin.on("end", () => process.exit(0));
`,
  );
  const children = Array.from({ length: 4 }, () =>
    spawn(tsx, [script], { stdio: ["pipe", "pipe", "inherit"] }),
  );
  const exited = children.map((child) => new Promise((resolve) => child.once("exit", resolve)));
  const answers = await Promise.all(
    children.map(
      (child) =>
        new Promise<{ pid: number; ports: number[] }>((resolve, reject) => {
          let output = "";
          child.stdout.on("data", (chunk) => {
            output += chunk;
            if (output.endsWith("\n")) resolve(JSON.parse(output));
          });
          child.once("exit", (code) => reject(new Error(`a picking process exited (${code})`)));
        }),
    ),
  );
  const picked = answers.flatMap((answer) => answer.ports);
  for (const child of children) child.stdin.end();
  await Promise.all(exited);
  expect(picked).toHaveLength(600);
  expect(new Set(picked).size).toBe(600);
  for (const port of picked) {
    expect(port).toBeGreaterThanOrEqual(TEST_PORTS.first);
    expect(port).toBeLessThanOrEqual(TEST_PORTS.last);
    expect(port).toBeLessThan(32_768); // Linux's ephemeral range starts there
  }
  // Released means no file is left in these processes' names. The same port may already be
  // reserved again by another test process running beside this one (CI runs the system tests at
  // the same time, stop 40): that file holds the other process's id and is not a leftover.
  // (The picking process is tsx's node, which names itself: not the tsx process spawned here.)
  const pickers = new Set(answers.map((answer) => String(answer.pid)));
  const leftBehind = fs.readdirSync(reservationsDir).filter((name) => {
    if (!picked.includes(Number(name))) return false;
    try {
      return pickers.has(fs.readFileSync(path.join(reservationsDir, name), "utf8"));
    } catch {
      return false; // removed meanwhile by the process that took it again
    }
  });
  expect(leftBehind).toEqual([]);
});

test("a port something listens on is not given, and a port is given once within a process", async () => {
  const listeners: net.Server[] = [];
  try {
    // Hold 40 ports of the range, then pick 200: none of the held ones comes back.
    const held = new Set<number>();
    while (held.size < 40) {
      const port = TEST_PORTS.first + Math.floor(Math.random() * (TEST_PORTS.last - TEST_PORTS.first));
      const listener = net.createServer();
      const ok = await new Promise<boolean>((resolve) => {
        listener.once("error", () => resolve(false));
        listener.listen(port, "127.0.0.1", () => resolve(true));
      });
      if (ok) {
        listeners.push(listener);
        held.add(port);
      }
    }
    const given = await Promise.all(Array.from({ length: 200 }, () => freePort()));
    expect(new Set(given).size).toBe(200);
    expect(given.filter((port) => held.has(port))).toEqual([]);
  } finally {
    await Promise.all(listeners.map((l) => new Promise((resolve) => l.close(resolve))));
  }
});

test("a reservation a killed process left behind is taken over, by one of several processes at once; a live one's is not", {
  timeout: 60_000,
}, async () => {
  // A process id that cannot be alive (above the kernel's largest) and a live one (this test's).
  const dead = "4194305";
  const unreserved = () => {
    for (;;) {
      const port = TEST_PORTS.first + Math.floor(Math.random() * (TEST_PORTS.last - TEST_PORTS.first));
      const file = path.join(reservationsDir, String(port));
      if (!fs.existsSync(file)) return { port, file };
    }
  };
  fs.mkdirSync(reservationsDir, { recursive: true });
  const left = unreserved();
  const held = unreserved();
  fs.writeFileSync(left.file, dead);
  fs.writeFileSync(held.file, String(process.pid));
  try {
    // Four processes try to reserve the leftover port at the same moment: exactly one gets it.
    const go = path.join(folder, "go");
    const script = path.join(folder, "take.mts");
    fs.writeFileSync(
      script,
      `import fs from "node:fs";
import { reservePort } from ${JSON.stringify(testPorts)};
while (!fs.existsSync(${JSON.stringify(go)})) await new Promise((resolve) => setTimeout(resolve, 5));
console.log(JSON.stringify({ pid: process.pid, left: reservePort(${left.port}), held: reservePort(${held.port}) }));
process.stdin.resume();
process.stdin.on("end", () => process.exit(0));
`,
    );
    const children = Array.from({ length: 4 }, () =>
      spawn(tsx, [script], { stdio: ["pipe", "pipe", "inherit"] }),
    );
    const exited = children.map((child) => new Promise((resolve) => child.once("exit", resolve)));
    const answers = children.map(
      (child) =>
        new Promise<{ pid: number; left: boolean; held: boolean }>((resolve, reject) => {
          let output = "";
          child.stdout.on("data", (chunk) => {
            output += chunk;
            if (output.endsWith("\n")) resolve(JSON.parse(output));
          });
          child.once("exit", (code) => reject(new Error(`a taking process exited (${code})`)));
        }),
    );
    // Once all four have started, let them go together.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    fs.writeFileSync(go, "");
    const results = await Promise.all(answers);
    expect(results.filter((result) => result.left)).toHaveLength(1);
    expect(results.filter((result) => result.held)).toHaveLength(0);
    // (The reserving process is tsx's node, which names itself.)
    const winner = results.find((result) => result.left)!;
    expect(fs.readFileSync(left.file, "utf8")).toBe(String(winner.pid));
    expect(fs.readFileSync(held.file, "utf8")).toBe(String(process.pid));
    for (const child of children) child.stdin.end();
    await Promise.all(exited);
    // Released by the winner when it exited; nothing moved aside is left either.
    expect(fs.existsSync(left.file)).toBe(false);
    expect(fs.readdirSync(reservationsDir).filter((name) => name.endsWith(".leftover"))).toEqual([]);
  } finally {
    if (fs.existsSync(left.file) && fs.readFileSync(left.file, "utf8") === dead) fs.rmSync(left.file);
    fs.rmSync(held.file, { force: true });
  }
});
