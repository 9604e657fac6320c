// GET /api/payment-status/<token> through its real route handler against PostgreSQL (issue 31):
// the enrolment's answer (JSON API and page action) carries the token while it shows how to pay;
// the endpoint answers where the payment stands by the lifecycle, before and after the bank's
// notifications (posted by the fake provider through the webhook's own action) pay part of the
// fee and then the rest; a token that is not the server's own is a 404; one query per ask.
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "~/config.server";
import * as schema from "~/db/schema";
import { enrollments } from "~/db/schema";
import { signPaymentStatusToken } from "~/lib/payment-status-token.server";
import { action as bankNotificationAction } from "~/routes/api/bank-notifications";
import { action as apiAction } from "~/routes/api/email.enrollment";
import { loader as paymentStatusLoader } from "~/routes/api/payment-status";
import { action as pageAction } from "~/routes/site/enroll";
import { type FakeTransfer, sepayRequest } from "../support/fake-bank-provider";
import { formTicketCookie } from "../support/form-ticket";
import { SCHOOL_ACCOUNT, schoolTakingTransfers } from "../support/school-taking-transfers";
import { createTestDatabase } from "../support/test-database";

const BASE = "http://localhost";
const ACCOUNT = SCHOOL_ACCOUNT;
const API_KEY = "sepay-status-key-0123456789";
const FEE = 3_000_000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let context: AppLoadContext;
let courseId: string;
let counter = 0;
const next = () => ++counter;

beforeAll(async () => {
  database = await createTestDatabase();
  courseId = await schoolTakingTransfers(database.db, FEE);
  context = {
    db: database.db,
    config: {
      ...parseConfig({ DATA_DIR: "/nonexistent" }),
      authSecret: "p".repeat(32),
      SEPAY_API_KEY: API_KEY,
    },
  } as AppLoadContext;
});

const form = (email: string, course: string = courseId) => ({
  fullName: "Trần Minh Anh",
  phone: `+84 93 ${String(next()).padStart(7, "0")}`,
  email,
  course,
  schedule: "evening",
});

/** An enrolment through the JSON API (the page with JavaScript), as its answer gives it. */
async function enrol(email: string, course?: string) {
  const response = await apiAction({
    request: new Request(`${BASE}/api/email/enrollment`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(form(email, course)),
    }),
    context: { ...context, clientIp: `10.3.0.${next()}` },
    params: {},
  } as never);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, string | number> & { id: string };
}

async function askStatus(token: string, db = context.db) {
  const response = await paymentStatusLoader({
    request: new Request(`${BASE}/api/payment-status/${encodeURIComponent(token)}`),
    context: { ...context, db },
    params: { token },
  } as never);
  return {
    status: response.status,
    cacheControl: response.headers.get("Cache-Control"),
    body: (await response.json()) as unknown,
  };
}

/** The bank's notification of a transfer, as SePay posts it, through the webhook's action. */
async function transfer(content: string, amount: number) {
  const request = sepayRequest(
    BASE,
    { id: next(), content, amount, accountNumber: ACCOUNT } as FakeTransfer,
    {
      apiKey: API_KEY,
    },
  );
  const response = await bankNotificationAction({
    request,
    context: { ...context, clientIp: `10.4.0.${next()}` },
    params: { provider: "sepay" },
  } as never);
  expect(response.status).toBe(200);
}

describe("the enrolment's answer", () => {
  it("carries the token while it shows how to pay, from the JSON API and the page action alike", async () => {
    const answer = await enrol("token.api@example.com");
    expect(answer.paymentAmount).toBe(FEE);
    expect(answer.paymentStatusToken).toBe(signPaymentStatusToken(context.config.authSecret, answer.id));

    const result = await pageAction({
      request: new Request(`${BASE}/enroll`, {
        method: "POST",
        headers: { Cookie: formTicketCookie(context.config.authSecret, 5_000) },
        body: new URLSearchParams({ ...form("token.page@example.com"), website: "" }),
      }),
      context: { ...context, clientIp: `10.3.0.${next()}` },
      params: {},
    } as never);
    const sent = (result as { data: { status: string; sent: Record<string, string> } }).data.sent;
    const [row] = await database.db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(eq(enrollments.email, "token.page@example.com"));
    expect(sent.paymentAmount).toBe(String(FEE));
    expect(sent.paymentStatusToken).toBe(signPaymentStatusToken(context.config.authSecret, row!.id));
  });

  it("carries none where nothing is to be paid (a request for advice)", async () => {
    const answer = await enrol("token.advice@example.com", "consultation");
    expect(answer).toEqual({ ok: true, id: expect.any(String) });
  });
});

describe("GET /api/payment-status/<token>", () => {
  it("follows the payment: nothing received, a part through the bank's notification, then the rest", async () => {
    const answer = await enrol("status.follows@example.com");
    const token = String(answer.paymentStatusToken);
    const note = String(answer.paymentNote);

    expect(await askStatus(token)).toEqual({
      status: 200,
      cacheControl: "no-store",
      body: { stage: "seat", received: 0, due: FEE },
    });

    await transfer(note, 1_000_000);
    expect((await askStatus(token)).body).toEqual({ stage: "seat", received: 1_000_000, due: FEE });

    await transfer(note, FEE - 1_000_000);
    expect((await askStatus(token)).body).toEqual({ stage: "paid", received: FEE, due: FEE });
    const [row] = await database.db
      .select({ paymentStatus: enrollments.paymentStatus })
      .from(enrollments)
      .where(eq(enrollments.id, answer.id));
    expect(row!.paymentStatus).toBe("paid");
  });

  it("is the lifecycle's stage whatever happened: an enrolment cancelled with nothing paid", async () => {
    const answer = await enrol("status.cancelled@example.com");
    await database.db.update(enrollments).set({ status: "cancelled" }).where(eq(enrollments.id, answer.id));
    expect((await askStatus(String(answer.paymentStatusToken))).body).toEqual({
      stage: "cancelled",
      received: 0,
      due: FEE,
    });
  });

  it("is a 404, not cached, for any token the server did not make, and for an enrolment since gone", async () => {
    const answer = await enrol("status.refused@example.com");
    const token = String(answer.paymentStatusToken);
    const [id, mac] = token.split(".");
    const other = await enrol("status.other@example.com");
    const gone = await enrol("status.gone@example.com");
    await database.db.delete(enrollments).where(eq(enrollments.id, gone.id));
    for (const bad of [
      "nonsense",
      `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
      // Another enrolment's id under this one's signature.
      `${other.id}.${mac}`,
      id!,
      signPaymentStatusToken("q".repeat(32), id!),
      `${token}${"x".repeat(200)}`,
      String(gone.paymentStatusToken),
    ]) {
      const refused = await askStatus(bad);
      expect(refused.status, bad).toBe(404);
      expect(refused.cacheControl).toBe("no-store");
      expect(JSON.stringify(refused.body)).not.toMatch(/stage|received/);
    }
  });

  it("asks the database once", async () => {
    const answer = await enrol("status.once@example.com");
    let queries = 0;
    const counting = drizzle(database.pool, {
      schema,
      casing: "snake_case",
      logger: { logQuery: () => void queries++ },
    });
    expect((await askStatus(String(answer.paymentStatusToken), counting)).status).toBe(200);
    expect(queries).toBe(1);
    // A refused token costs none.
    expect((await askStatus("forged.token", counting)).status).toBe(404);
    expect(queries).toBe(1);
  });
});
