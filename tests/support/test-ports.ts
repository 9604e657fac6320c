// Ports for the servers the tests start as processes (the app, nginx, a second instance).
//
// Not the kernel's pick (listen on port 0, then close): that port comes from the ephemeral range
// (32768–60999 on Linux), from which the kernel also takes the local port of every outgoing
// connection and of every other listen(0) on the machine — the browsers' connections, the
// embedded PostgreSQL's own pick. Between the pick and the server's listen, seconds later once
// its database is up, one of those could take it (CI, stop 37: "port 36921 on 127.0.0.1 is
// already in use"). Below that range only another test process could, so each port handed
// out is reserved first by a file created exclusively (O_EXCL) and holding this process's id;
// the process removes its files when it exits. A file left by a process that was killed is
// skipped, never taken over (two processes taking over the same one at once cannot be told
// apart), and removed once it is a day old.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { isProcessAlive } from "../../server/data-dir";

export const TEST_PORTS = { first: 20_000, last: 31_999 } as const;

const reservations = path.join(os.tmpdir(), "lernhaus-test-ports");
const reservedHere: string[] = [];
let prepared = false;

function prepare() {
  if (prepared) return;
  prepared = true;
  fs.mkdirSync(reservations, { recursive: true });
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of fs.readdirSync(reservations)) {
    const file = path.join(reservations, name);
    try {
      if (fs.statSync(file).mtimeMs < dayAgo && !isAlive(ownerOf(file))) fs.rmSync(file, { force: true });
    } catch {
      // removed meanwhile by its owner
    }
  }
  process.once("exit", () => {
    for (const file of reservedHere) fs.rmSync(file, { force: true });
  });
}

function ownerOf(file: string) {
  return Number.parseInt(fs.readFileSync(file, "utf8"), 10);
}

/** A file being written has no id yet: its owner is alive. */
function isAlive(pid: number) {
  return !Number.isInteger(pid) || pid <= 0 || isProcessAlive(pid);
}

function reserve(port: number): boolean {
  const file = path.join(reservations, String(port));
  try {
    fs.writeFileSync(file, String(process.pid), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  reservedHere.push(file);
  return true;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** A port no other test process is given and nothing on the machine listens on. */
export async function freePort(): Promise<number> {
  prepare();
  const size = TEST_PORTS.last - TEST_PORTS.first + 1;
  for (let tries = 0; tries < 500; tries++) {
    const port = TEST_PORTS.first + Math.floor(Math.random() * size);
    if (reserve(port) && (await canListen(port))) return port;
  }
  throw new Error(`no free port between ${TEST_PORTS.first} and ${TEST_PORTS.last}`);
}
