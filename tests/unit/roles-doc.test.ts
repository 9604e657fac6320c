// docs/roles.md is what an operator reads to choose a role: its table must be the code's
// (app/lib/permissions.ts), every permission and role, each cell as `can()` answers.
import fs from "node:fs";
import { expect, it } from "vitest";
import { can, permissions, staffRoles } from "~/lib/permissions";

const doc = fs.readFileSync(new URL("../../docs/roles.md", import.meta.url), "utf8");

it("docs/roles.md lists every permission with each role's access as the code grants it", () => {
  const header = doc.split("\n").find((line) => line.startsWith("| Permission |"));
  expect(
    header
      ?.split("|")
      .slice(3, -1)
      .map((cell) => cell.trim()),
  ).toEqual([...staffRoles]);
  const rows = new Map(
    doc
      .split("\n")
      .filter((line) => /^\| `[a-z-]+` \|/.test(line))
      .map((line) => {
        const cells = line
          .split("|")
          .slice(1, -1)
          .map((cell) => cell.trim());
        return [cells[0]!.replaceAll("`", ""), cells.slice(2)] as const;
      }),
  );
  expect([...rows.keys()]).toEqual([...permissions]);
  for (const permission of permissions)
    expect(rows.get(permission), permission).toEqual(
      staffRoles.map((role) => (can(role, permission) ? "✓" : "–")),
    );
});
