// POST /api/bank-notifications/<provider> (issue 31, ADR 050), step by step, each refusal as early
// as it can be made: the provider off or unknown (404), the address over its limit (429), the
// credentials in the headers (401, counted for Settings), the content type (415), then the body
// (at most 64 KiB, read only now; SePay's HMAC over it: 401), the provider's shape (400). Only a
// post whose transfers are stored and matched (committed) is acknowledged the way the provider
// expects, and so is a repeat; a failure answers 500 and the provider's retry comes back.
import type { AppLoadContext } from "react-router";
import { i18n } from "~/i18n/resources.server";
import { acknowledgement, isBankFeedProvider, readBankNotification } from "~/lib/bank-feed";
import { judgeHeaders, signatureValid } from "~/lib/bank-feed-auth.server";
import { log } from "~/lib/log.server";
import { countRefusedNotification, readBankFeed } from "~/models/bank-feed.server";
import { receiveBankTransfers } from "~/models/bank-notification.server";
import { hitRateLimit } from "~/models/request-limit.server";
import { requestLanguage } from "~/requests/request-language";

/** A provider sends one post per transfer (Casso a few at once); a bank's busiest minute for a
 * school is far below this, an attacker guessing a key is stopped by it. */
export const BANK_NOTIFICATION_LIMIT = { limit: 120, windowSeconds: 60 };
/** The edge's public body limit; a SePay body is under 1 KiB. */
const MAX_BODY_BYTES = 64 * 1024;

const noStore = { "Cache-Control": "no-store" };

export async function handleBankNotification(
  request: Request,
  context: Pick<AppLoadContext, "db" | "config" | "clientIp">,
  providerName: string,
): Promise<Response> {
  const t = i18n.getFixedT(requestLanguage(request));
  const fail = (status: number, key: string, headers: Record<string, string> = {}) =>
    Response.json(
      { success: false, message: t(`payment:bankFeed.api.${key}`) },
      { status, headers: { ...noStore, ...headers } },
    );

  if (request.method !== "POST") return fail(405, "methodNotAllowed", { Allow: "POST" });
  if (!isBankFeedProvider(providerName)) return fail(404, "off");
  const feed = await readBankFeed(context.db, context.config);
  if (feed.provider !== providerName || !feed.credentials) return fail(404, "off");
  const limit = await hitRateLimit(
    context.db,
    `bank-notification:ip:${context.clientIp}`,
    BANK_NOTIFICATION_LIMIT,
  );
  if (!limit.allowed) return fail(429, "tooMany", { "Retry-After": String(limit.retryAfterSeconds) });

  const refuse = async () => {
    await countRefusedNotification(context.db);
    log().warn({ provider: providerName, ip: context.clientIp }, "bank notification: refused credentials");
    return fail(401, "unauthorized");
  };
  const verdict = judgeHeaders(feed.credentials, request.headers);
  if (verdict === "refused") return refuse();
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get("Content-Type") ?? ""))
    return fail(415, "unsupportedMediaType");

  const body = await readBytes(request);
  if (!body) return fail(413, "tooLarge");
  if (verdict === "check-signature" && !signatureValid(feed.credentials, request.headers, body))
    return refuse();

  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch {
    return fail(400, "invalidJson");
  }
  const notification = readBankNotification(providerName, payload);
  if (!notification.ok) {
    log().warn({ provider: providerName }, "bank notification: a body that is not the provider's shape");
    return fail(400, "invalidBody");
  }
  try {
    await receiveBankTransfers(context.db, {
      provider: providerName,
      transfers: notification.transfers,
      payload,
      account: feed.account,
    });
  } catch (error) {
    log().error(
      { err: error, provider: providerName },
      "bank notification: could not be stored; the provider will retry",
    );
    return fail(500, "failed");
  }
  return Response.json(acknowledgement, { headers: noStore });
}

/** The body, or undefined when it is over MAX_BODY_BYTES. */
async function readBytes(request: Request): Promise<Uint8Array | undefined> {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES) return undefined;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel();
        return undefined;
      }
      chunks.push(value);
    }
  } catch {
    // The edge stopped the stream at its limit (and answered 413 itself), or the client left.
    return undefined;
  }
  return Buffer.concat(chunks);
}
