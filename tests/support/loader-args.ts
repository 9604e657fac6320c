// The arguments React Router passes a loader, as far as the loaders under test read them: the
// request, the route params and the context's database handle and configuration.
import type { Database } from "~/db/client.server";

export function loaderArgs<T extends (args: never) => unknown>(
  database: Database,
  params: Record<string, string> = {},
) {
  return {
    request: new Request("http://localhost/"),
    params,
    context: { db: database.db, config: { APP_URL: "https://lernhaus.test" } },
  } as unknown as Parameters<T>[0];
}
