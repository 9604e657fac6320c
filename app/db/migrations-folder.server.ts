import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project's drizzle/ folder (the committed SQL migrations). Found by walking up from this
 * module, which runs from app/db/ under tsx (development, tests) and from a bundle in
 * BUILD_DIR/host/ in production, whatever BUILD_DIR's depth. */
export const migrationsFolder = findMigrationsFolder(path.dirname(fileURLToPath(import.meta.url)));

function findMigrationsFolder(start: string): string {
  for (let folder = start; ; ) {
    const candidate = path.join(folder, "drizzle");
    if (fs.existsSync(path.join(candidate, "meta/_journal.json"))) return candidate;
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`no drizzle/ folder (the database migrations) above ${start}`);
    folder = parent;
  }
}
