import { sql } from "drizzle-orm";
import { log } from "~/lib/log.server";
import type { Route } from "./+types/healthz";

/** For load balancers and monitoring: 200 when the database answers, 503 when it does not. */
export async function loader({ context }: Route.LoaderArgs) {
  const headers = { "Cache-Control": "no-store" };
  try {
    await context.db.execute(sql`select 1`);
    return Response.json({ ok: true }, { headers });
  } catch (error) {
    log().error({ err: error }, "healthz: database did not answer");
    return Response.json({ ok: false }, { status: 503, headers });
  }
}
