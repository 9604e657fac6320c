// Operator commands (architecture §4):
//   npm run cli -- user create --email E --password P --name N [--role ROLE]
//   npm run cli -- user role --email E --role ROLE     (ROLE: user, admin, consultant, teacher, editor)
//   npm run cli -- user password --email E --password P   (sets an account's password: a demo teacher's)
//   npm run cli -- user two-factor-off --email E   (an admin who lost phone and recovery codes)
//   npm run cli -- backup [--out FILE]              (ADR 015: a logical dump, while the site runs)
//   npm run cli -- restore FILE [--force]
// With the embedded database it uses the running server's (port recorded in DATA_DIR), and
// starts the database itself only when no server runs.
//
// `runCli` is the whole command, given its arguments, environment and output; scripts/cli.ts is
// the process around it (the built `cli.js`). Tests run it in-process: a process per command
// compiles and loads the app again, seconds each (the built CLI's process is tested in
// tests/system/built-server.test.ts and deployment-nginx.test.ts).
import path from "node:path";
import { parseArgs } from "node:util";
import { createAuth } from "~/auth/auth.server";
import { type PasswordWeakness, passwordWeakness } from "~/auth/password-strength.server";
import { ConfigError, parseConfig } from "~/config.server";
import { BackupError, restoreBackup, writeBackup } from "~/db/backup.server";
import { connectDatabase, type Database } from "~/db/client.server";
import { migrateDatabase } from "~/db/migrate.server";
import { UPLOADS_FOLDER } from "~/lib/uploads";
import { removeTwoFactor } from "~/models/two-factor.server";
import { deleteUserSessions, findUserByEmail, LastAdminError, setUserRole } from "~/models/user.server";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/schemas/auth";
import { type UserRole, userRoles } from "~/schemas/domain";
import { loadSecrets, lockDataDir, readDataDirOwner } from "../server/data-dir";
import { readRecordedServer, startEmbeddedPostgres } from "../server/embedded-postgres";

const ROLE_NAMES = userRoles.join("|");

const USAGE = `Usage:
  npm run cli -- user create --email EMAIL --password PASSWORD --name NAME [--role ${ROLE_NAMES}]
  npm run cli -- user role --email EMAIL --role ${ROLE_NAMES}
  npm run cli -- user password --email EMAIL --password PASSWORD
  npm run cli -- user two-factor-off --email EMAIL
  npm run cli -- backup [--out FILE]
  npm run cli -- restore FILE [--force]`;

class UsageError extends Error {}

/** The password policy's reasons (app/auth/password-strength.server.ts), for the operator. */
const PASSWORD_REFUSAL: Record<PasswordWeakness, string> = {
  tooShort: `the password must have at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `the password must have at most ${PASSWORD_MAX_LENGTH} characters`,
  common: "the password is too weak: it is a common password or word, or one with a few changes",
  personal: "the password is too weak: it is built on the name, the email or the school's name",
  pattern: "the password is too weak: repeated characters, a sequence or a keyboard row are easy to guess",
};

type Options = { email?: string; password?: string; name?: string; role?: string };

/** `migrate: false` for restore, which brings the schema to the backup's version itself. */
type Config = ReturnType<typeof parseConfig>;

async function openDatabase(config: Config, { migrate = true } = {}) {
  if (config.DATABASE_URL)
    return {
      url: config.DATABASE_URL,
      database: connectDatabase(config.DATABASE_URL, { max: 2 }),
      close: async () => {},
    };
  const running = readRecordedServer(config.DATA_DIR);
  if (running && readDataDirOwner(config.DATA_DIR)) {
    return { url: running.url, database: connectDatabase(running.url, { max: 2 }), close: async () => {} };
  }
  // No server: take DATA_DIR ourselves for the duration of the command.
  const release = lockDataDir(config.DATA_DIR);
  const embedded = await startEmbeddedPostgres(config.DATA_DIR);
  const database = connectDatabase(embedded.url, { max: 2 });
  if (migrate) await migrateDatabase(database.db);
  return {
    url: embedded.url,
    database,
    close: async () => {
      await embedded.stop();
      release();
    },
  };
}

/** A role's name as the permission table knows it (app/lib/permissions.ts, ADR 047). */
function knownRole(name: string): UserRole {
  if (!(userRoles as readonly string[]).includes(name))
    throw new UsageError(`unknown role "${name}" (use ${userRoles.join(", ")})`);
  return name as UserRole;
}

async function createUser(database: Database, config: Config, options: Options) {
  const { email, password, name } = options;
  if (!email || !password || !name) throw new UsageError("user create needs --email, --password and --name");
  const role = knownRole(options.role ?? "user");
  const weakness = await passwordWeakness(password, { email, name });
  if (weakness) throw new UsageError(PASSWORD_REFUSAL[weakness]);
  if (await findUserByEmail(database.db, email))
    throw new UsageError(`a user with the email ${email} already exists`);
  const authSecret = config.AUTH_SECRET ?? loadSecrets(config.DATA_DIR).authSecret;
  const auth = createAuth(database.db, { ...config, authSecret }, async () => {
    throw new Error("the CLI sends no mail");
  });
  // better-auth hashes the password exactly as sign-up does.
  const result = await auth.api.signUpEmail({
    body: { email, password, name },
    headers: new Headers({ origin: config.APP_URL }),
  });
  // Sign-up signs the new person in at once; nobody uses that session here, and left behind it
  // would show in the account's sessions as an unknown device.
  await deleteUserSessions(database.db, result.user.id);
  if (role !== "user") await setUserRole(database.db, result.user.id, role);
  return `created ${role} ${email}`;
}

async function changeRole(database: Database, options: Options) {
  const { email } = options;
  if (!email || !options.role) throw new UsageError("user role needs --email and --role");
  const role = knownRole(options.role);
  const user = await findUserByEmail(database.db, email);
  if (!user) throw new UsageError(`no user with the email ${email}`);
  await setUserRole(database.db, user.id, role);
  return `${email} is now ${role}`;
}

/** Sets an existing account's password (the one policy), e.g. a demo teacher's, whose account the
 * demo content makes without one; the account's sessions end. */
async function setPassword(database: Database, config: Config, options: Options) {
  const { email, password } = options;
  if (!email || !password) throw new UsageError("user password needs --email and --password");
  const user = await findUserByEmail(database.db, email);
  if (!user) throw new UsageError(`no user with the email ${email}`);
  const weakness = await passwordWeakness(password, { email, name: user.name });
  if (weakness) throw new UsageError(PASSWORD_REFUSAL[weakness]);
  const authSecret = config.AUTH_SECRET ?? loadSecrets(config.DATA_DIR).authSecret;
  const auth = createAuth(database.db, { ...config, authSecret }, async () => {
    throw new Error("the CLI sends no mail");
  });
  // better-auth hashes it exactly as sign-up does, into its own credential account.
  const context = await auth.$context;
  const hash = await context.password.hash(password);
  if (await context.internalAdapter.findCredentialAccount(user.id))
    await context.internalAdapter.updatePassword(user.id, hash);
  else
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: hash,
    });
  await deleteUserSessions(database.db, user.id);
  return `password set for ${email}`;
}

/** The way back in for an admin who lost both the phone and the recovery codes (ADR 012);
 * whoever can run this already controls the server. Their other sessions stay as they are. */
async function turnOffTwoFactor(database: Database, options: Options) {
  const { email } = options;
  if (!email) throw new UsageError("user two-factor-off needs --email");
  const user = await findUserByEmail(database.db, email);
  if (!user) throw new UsageError(`no user with the email ${email}`);
  await removeTwoFactor(database.db, user.id);
  return `two-step verification is off for ${email}; they sign in with the password alone until they set it up again`;
}

function defaultBackupFile() {
  const stamp = new Date().toISOString().replace(/\..*/, "").replaceAll(":", "");
  return `lernhaus-${stamp}.backup.jsonl.gz`;
}

async function backup(url: string, uploadsDir: string, file: string) {
  const { rows, images } = await writeBackup(url, uploadsDir, file);
  return `backup written to ${file} (${rows} rows, ${images} uploaded images)`;
}

async function restore(url: string, database: Database, uploadsDir: string, file: string, force: boolean) {
  const { rows, images } = await restoreBackup(url, database.db, uploadsDir, file, { force });
  return `restored ${file} (${rows} rows, ${images} uploaded images); restart a running server so that it drops its page cache`;
}

/** What a command writes: its answer on `out`, what went wrong on `err` (each a line). */
export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

/** Runs one operator command; its exit status: 0 done, 1 failed, 2 used wrongly. */
export async function runCli(args: string[], env: NodeJS.ProcessEnv, output: CliOutput): Promise<number> {
  try {
    return await runCommand(args, env, output);
  } catch (error: unknown) {
    if (error instanceof BackupError) {
      output.err(`error: ${error.message}`);
      return 1;
    }
    if (error instanceof UsageError) {
      output.err(`error: ${error.message}\n${USAGE}`);
      return 2;
    }
    if (error instanceof LastAdminError) {
      output.err("error: that is the last admin; make another user admin first");
      return 1;
    }
    const message = error instanceof Error ? error.message : String(error);
    output.err(`error: ${error instanceof ConfigError ? message : message.split("\n")[0]}`);
    return 1;
  }
}

async function runCommand(args: string[], env: NodeJS.ProcessEnv, output: CliOutput) {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
      out: { type: "string" },
      force: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const command = positionals[0] === "restore" ? "restore" : positionals.join(" ");
  const commands = ["user create", "user role", "user password", "user two-factor-off", "backup", "restore"];
  if (values.help || !commands.includes(command) || (command === "restore" && positionals.length !== 2)) {
    output.out(USAGE);
    return values.help ? 0 : 2;
  }
  const config = parseConfig(env);
  const uploadsDir = path.join(config.DATA_DIR, UPLOADS_FOLDER);
  const { url, database, close } = await openDatabase(config, { migrate: command !== "restore" });
  try {
    const message =
      command === "backup"
        ? await backup(url, uploadsDir, values.out ?? defaultBackupFile())
        : command === "restore"
          ? await restore(url, database, uploadsDir, positionals[1] as string, values.force ?? false)
          : command === "user create"
            ? await createUser(database, config, values)
            : command === "user role"
              ? await changeRole(database, values)
              : command === "user password"
                ? await setPassword(database, config, values)
                : await turnOffTwoFactor(database, values);
    output.out(message);
    return 0;
  } finally {
    await database.close();
    await close();
  }
}
