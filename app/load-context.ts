// What every loader and action receives from the host (server/app.ts) as `context`.
import type { AppConfig } from "./config.server";
import type { ChangeBus } from "./db/change-bus.server";
import type { Db } from "./db/client.server";

declare module "react-router" {
  interface AppLoadContext {
    db: Db;
    config: AppConfig;
    changeBus: ChangeBus;
    /** Aborted when the process begins shutting down (long-lived streams end then). */
    shutdownSignal: AbortSignal;
    cspNonce: string;
    clientIp: string;
    /** This request's id: in every log line of it, in X-Request-Id and on the error page. */
    requestId: string;
  }
}
