// The operator's CLI in the test's own process (scripts/cli-commands.ts): the same command as
// `npm run cli -- …` without a process that compiles and loads the app again for each command.
import { runCli } from "../../scripts/cli-commands";

/** Runs a command; `out` is what it printed on success, its error output otherwise. */
export async function cli(env: NodeJS.ProcessEnv, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, env, {
    out: (line) => out.push(`${line}\n`),
    err: (line) => err.push(`${line}\n`),
  });
  return { code, out: (code === 0 ? out : err).join("") };
}
