// A fake bank-notification provider (issue 31): builds the posts SePay and Casso send, exactly as
// their developer documentation shows them — the same fields, the same headers, the signature
// computed here with node:crypto (not with the app's code). Integration tests hand the Request to
// the route's action; end-to-end and system tests send it over HTTP with `deliver`.
import { createHmac } from "node:crypto";

export interface FakeTransfer {
  /** The provider's transaction id (SePay: a number). */
  id: number;
  content: string;
  amount: number;
  /** Default "in". */
  direction?: "in" | "out";
  /** Default the school's demo account. */
  accountNumber?: string;
  /** "yyyy-mm-dd hh:mm:ss", Vietnam time; default now. */
  transactionDate?: string;
}

/** Now in Vietnam as both providers write it: "2026-12-02 14:02:37". */
export function vietnamNow(now = new Date()) {
  return new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");
}

/** SePay's body (developer.sepay.vn, "Tích hợp webhook"): one transaction per post. */
export function sepayBody(transfer: FakeTransfer): string {
  return JSON.stringify({
    id: transfer.id,
    gateway: "Vietcombank",
    transactionDate: transfer.transactionDate ?? vietnamNow(),
    accountNumber: transfer.accountNumber ?? "0123456789",
    code: null,
    content: transfer.content,
    transferType: transfer.direction ?? "in",
    transferAmount: transfer.amount,
    accumulated: 19_077_000,
    subAccount: null,
    referenceCode: `MBVCB.${3_278_907_000 + transfer.id}`,
    description: "",
  });
}

/** Casso's body (casso.vn, "Tích hợp webhook tùy chỉnh"): `{"error": 0, "data": [...]}`, money
 * going out as a negative amount. */
export function cassoBody(transfers: readonly FakeTransfer[]): string {
  return JSON.stringify({
    error: 0,
    data: transfers.map((transfer) => ({
      id: transfer.id,
      tid: `TF${transfer.id}`,
      description: transfer.content,
      amount: transfer.direction === "out" ? -transfer.amount : transfer.amount,
      cusum_balance: 19_077_000,
      when: transfer.transactionDate ?? vietnamNow(),
      bank_sub_acc_id: transfer.accountNumber ?? "0123456789",
      subAccId: transfer.accountNumber ?? "0123456789",
    })),
  });
}

export type SepayAuth =
  | { apiKey: string }
  | { hmacSecret: string /** unix seconds; default now */; timestamp?: number };

/** SePay's headers for a body: `Authorization: Apikey <key>`, or `X-SePay-Timestamp` and
 * `X-SePay-Signature: sha256=<HMAC-SHA256 of "<timestamp>.<body>">`. */
export function sepayHeaders(body: string, auth: SepayAuth): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "User-Agent": "SePay-Webhook/1.0",
  };
  if ("apiKey" in auth) headers.Authorization = `Apikey ${auth.apiKey}`;
  else {
    const timestamp = String(auth.timestamp ?? Math.floor(Date.now() / 1000));
    const signature = createHmac("sha256", auth.hmacSecret).update(`${timestamp}.${body}`).digest("hex");
    headers["X-SePay-Timestamp"] = timestamp;
    headers["X-SePay-Signature"] = `sha256=${signature}`;
  }
  return headers;
}

/** Casso's header: the security key as `secure-token`. */
export function cassoHeaders(secureToken: string): Record<string, string> {
  return { "Content-Type": "application/json", "secure-token": secureToken };
}

/** The Request SePay sends to `baseUrl`. */
export function sepayRequest(baseUrl: string, transfer: FakeTransfer, auth: SepayAuth): Request {
  const body = sepayBody(transfer);
  return new Request(`${baseUrl}/api/bank-notifications/sepay`, {
    method: "POST",
    headers: sepayHeaders(body, auth),
    body,
  });
}

export function cassoRequest(
  baseUrl: string,
  transfers: readonly FakeTransfer[],
  secureToken: string,
): Request {
  return new Request(`${baseUrl}/api/bank-notifications/casso`, {
    method: "POST",
    headers: cassoHeaders(secureToken),
    body: cassoBody(transfers),
  });
}

/** Sends a post over HTTP, as the provider does; SePay takes 2xx with {"success": true} as done. */
export async function deliver(request: Request): Promise<{ status: number; body: unknown }> {
  const response = await fetch(request);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, body };
}
