// What every loader and action receives from the host (server/app.ts) as `context`.
import type { AppConfig } from "./config.server";
import type { ChangeBus } from "./db/change-bus.server";
import type { Db } from "./db/client.server";
import type { SharedReads } from "./db/shared-reads.server";
import type { PageTraits } from "./lib/page-traits";

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
    /** Filled in while the page renders, read by the host after the answer (ADR 042). Absent
     * where no host reads it (a test calling a loader). */
    page?: PageTraits;
    /** Set-Cookie lines the host adds to this request's answer, whichever route gives it, before
     * the route's own (which win): the session cookie better-auth renewed or cleared while a
     * loader or action asked who is signed in (ADR 062). Absent where no host sends an answer (a
     * test calling a loader). */
    responseCookies?: string[];
    /** The process's reads every visitor shares (ADR 064), kept until a change of what they show.
     * Absent where no host keeps them (a test calling a loader, the CLI): read each time. */
    sharedReads?: SharedReads;
  }
}
