// DATA_DIR holds everything the app writes: the embedded database, generated secrets, mail files.
// One app process owns it at a time; the lock file says which.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another Lernhaus process (pid ${pid}); stop it first or use another DATA_DIR`,
    );
  }
}

export function isProcessAlive(pid: number) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // A killed process not yet reaped by its parent (a zombie) still answers kill(0) but is dead.
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true; // no /proc (not Linux): trust kill(0)
  }
}

const lockPath = (dataDir: string) => path.join(dataDir, "server.lock");

/** The pid of the live process holding DATA_DIR, if any. */
export function readDataDirOwner(dataDir: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath(dataDir), "utf8"), 10);
    return Number.isInteger(pid) && pid !== process.pid && isProcessAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Takes DATA_DIR for this process or throws DataDirInUseError. A lock left by a killed
 * process (its pid is gone) is taken over. Returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockPath(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => {
        try {
          if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.rmSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readDataDirOwner(dataDir);
      if (owner) throw new DataDirInUseError(dataDir, owner);
      fs.rmSync(file, { force: true }); // stale: its process is dead
    }
  }
  throw new Error(`could not lock DATA_DIR ${dataDir}`);
}

interface Secrets {
  authSecret: string;
  postgresPassword: string;
}

/** Secrets generated once per DATA_DIR, for set-ups that do not provide their own. */
export function loadSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, "secrets.json");
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as Secrets;
  } catch {
    const secrets: Secrets = {
      authSecret: randomBytes(32).toString("base64url"),
      postgresPassword: randomBytes(24).toString("base64url"),
    };
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    return secrets;
  }
}

/** DATA_DIR must be a folder the app can write to: checked before anything is
 * written there, so that a read-only, full or misplaced DATA_DIR is one line, not a stack trace.
 * Root ignores permission bits, so as root only a read-only mount or a full disk fails here. */
export function checkDataDirWritable(dataDir: string) {
  const probe = path.join(dataDir, `.write-test-${process.pid}`);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    if (!fs.statSync(dataDir).isDirectory())
      throw Object.assign(new Error("not a folder"), { code: "ENOTDIR" });
    fs.writeFileSync(probe, "lernhaus"); // a full disk refuses the first data block, not an empty file
  } catch (error) {
    throw new Error(describeDataDirFailure(dataDir, mkdirCause(dataDir, error)));
  } finally {
    try {
      fs.rmSync(probe, { force: true });
    } catch {
      // Never created (that is the failure reported above).
    }
  }
}

/** A recursive mkdir on a read-only mount reports ENOENT; a plain one of the first missing
 * folder tells the real cause. */
function mkdirCause(dataDir: string, error: unknown) {
  if ((error as NodeJS.ErrnoException).code !== "ENOENT") return error;
  let missing = dataDir;
  while (path.dirname(missing) !== missing && !fs.existsSync(path.dirname(missing))) {
    missing = path.dirname(missing);
  }
  try {
    fs.mkdirSync(missing);
    fs.rmdirSync(missing);
    return error;
  } catch (plain) {
    return plain;
  }
}

function describeDataDirFailure(dataDir: string, error: unknown) {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case "EEXIST":
    case "ENOTDIR":
      return `DATA_DIR ${dataDir} is not a folder (a file is in the way): remove it or choose another DATA_DIR`;
    case "EROFS":
      return `DATA_DIR ${dataDir} is on a read-only file system: choose a writable DATA_DIR`;
    case "EACCES":
    case "EPERM":
      return `DATA_DIR ${dataDir} is not writable by the user running the app (uid ${process.getuid?.()}): give that user the folder (chown) or choose another DATA_DIR`;
    case "ENOSPC":
    case "EDQUOT":
      return `DATA_DIR ${dataDir} is full (no space left on device): free some space or choose another DATA_DIR`;
    default:
      return `DATA_DIR ${dataDir} cannot be written: ${error instanceof Error ? error.message : String(error)}`;
  }
}
