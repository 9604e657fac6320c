// Ports for the servers the tests start as processes (the app, nginx, a second instance).
//
// Not the kernel's pick (listen on port 0, then close): that port comes from the ephemeral range
// (32768–60999 on Linux), from which the kernel also takes the local port of every outgoing
// connection and of every other listen(0) on the machine — the browsers' connections, the
// embedded PostgreSQL's own pick. Between the pick and the server's listen, seconds later once
// its database is up, one of those could take it (CI, stop 37: "port 36921 on 127.0.0.1 is
// already in use"). Below that range only another test process could, so each port handed
// out is reserved first by a file created exclusively (O_EXCL) and holding this process's id;
// the process removes its files when it exits. A process killed before its exit handler ran (a
// test worker the runner terminated) leaves its files behind; over a day of runs on one machine
// they filled the whole range ("no free port", stop 44). So a file whose owner is dead is taken
// over: moved aside first (a rename is atomic: of two processes doing it at once, one moves it),
// checked to be the dead owner's indeed, removed, and the port reserved afresh.
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

/** Reserves `port` for this process until it exits: false when another live process has it. */
export function reservePort(port: number): boolean {
  prepare();
  const file = path.join(reservations, String(port));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      reservedHere.push(file);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (attempt > 0 || !removeLeftover(file)) return false;
    }
  }
  return false;
}

/** Removes `file` when the process it names is dead; true when it is gone (or was already). */
function removeLeftover(file: string): boolean {
  try {
    if (isAlive(ownerOf(file))) return false;
  } catch {
    return true; // removed meanwhile by its owner
  }
  const aside = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.leftover`;
  try {
    fs.renameSync(file, aside);
  } catch {
    return false; // another process moved it first; it reserves the port
  }
  // Between the check and the rename another process may have taken the port over and written its
  // own file: that one goes back where it was (a link never replaces a file).
  if (isAlive(ownerOf(aside))) {
    try {
      fs.linkSync(aside, file);
    } catch {
      // a third process reserved it meanwhile; the port stays taken either way
    }
    fs.rmSync(aside, { force: true });
    return false;
  }
  fs.rmSync(aside, { force: true });
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
    if (reservePort(port) && (await canListen(port))) return port;
  }
  throw new Error(`no free port between ${TEST_PORTS.first} and ${TEST_PORTS.last}`);
}
