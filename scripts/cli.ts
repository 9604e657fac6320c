// The operator's command line (`npm run cli -- …`, built into BUILD_DIR/host/cli.js): the
// process around `runCli` (scripts/cli-commands.ts, which lists the commands).
import { setRootLogger } from "~/lib/log.server";
import { createLogger } from "../server/logger";
import { runCli } from "./cli-commands";

// stdout carries the command's answer; what the database code logs meanwhile goes to stderr,
// warnings and errors only.
setRootLogger(createLogger({ level: "warn", pretty: true, destination: process.stderr }));

const status = await runCli(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
// A failed command may leave a half-opened database client behind: do not wait for it.
if (status === 0) process.exitCode = 0;
else process.exit(status);
