// The files of the project as a clone or a ZIP download has them: everything under the root that
// the root .gitignore does not exclude. Read from the folder, not from git, so that the suite
// runs in a copy without .git (`git archive`, a ZIP from the forge).
import fs from "node:fs";
import path from "node:path";

/** Paths relative to `root`, `/`-separated. Understands the forms the project's .gitignore uses:
 * `name` (a file or folder anywhere), `name/` (a folder anywhere), `*.ext`, and a leading `/`
 * (only at the root). */
export function projectFiles(root: string): string[] {
  const ignored = ignoreRules(root);
  const files: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const file = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.name === ".git" || ignored(file, entry.isDirectory())) continue;
      if (entry.isDirectory()) walk(file);
      else if (entry.isFile()) files.push(file);
    }
  };
  walk("");
  return files.sort();
}

function ignoreRules(root: string) {
  const gitignore = path.join(root, ".gitignore");
  const rules = (fs.existsSync(gitignore) ? fs.readFileSync(gitignore, "utf8") : "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const directoryOnly = line.endsWith("/");
      const anchored = line.startsWith("/");
      const pattern = line.replace(/^\//, "").replace(/\/$/, "");
      const matcher = new RegExp(
        `^${pattern
          .replace(/[.+^${}()|[\]\\]/g, "\\$&")
          .replace(/\*/g, "[^/]*")
          .replace(/\?/g, "[^/]")}$`,
      );
      return { directoryOnly, anchored, matcher };
    });
  return (file: string, isDirectory: boolean) =>
    rules.some(
      (rule) =>
        (!rule.directoryOnly || isDirectory) &&
        (rule.anchored
          ? !file.includes("/") && rule.matcher.test(file)
          : rule.matcher.test(path.posix.basename(file))),
    );
}
