import { defineConfig } from "drizzle-kit";

// Only used to generate SQL migrations from app/db/schema.ts (`npm run db:generate`);
// the app applies the committed migrations itself on start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema.ts",
  out: "./drizzle",
  casing: "snake_case",
});
