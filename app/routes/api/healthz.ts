import { log } from "~/lib/log.server";
import { databaseAnswers, dataDiskState } from "~/models/health.server";
import type { Route } from "./+types/healthz";

/** For load balancers and monitoring: 200 when the database answers and the data disk takes a
 * write; 503 otherwise, saying which (ADR 036). */
export async function loader({ context }: Route.LoaderArgs) {
  const [database, disk] = await Promise.all([
    databaseAnswers(context.db),
    dataDiskState(context.config.DATA_DIR),
  ]);
  const ok = database && disk === "ok";
  if (!database) log().error("healthz: the database did not answer");
  if (disk !== "ok") log().error({ disk }, "healthz: the data disk took no write");
  return Response.json(
    { ok, database: database ? "ok" : "unavailable", disk },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
