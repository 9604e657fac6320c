// Settings › Thanh toán, bank-transfer notifications (issue 31, ADR 050) through the real
// /admin/settings route module: who may save the feed, how its secret is kept (sealed, never sent
// back to the page, kept when the field is left empty, asked for again when the provider changes),
// SEPAY_API_KEY winning over the form; then the operator's view, filled by real posts of a fake
// provider through the webhook's route: the last notifications and the posts refused for a wrong key.
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BankFeedView, isBankFeedResult } from "~/components/admin/settings/bank-feed-section";
import { type ChangeBus, startChangeBus } from "~/db/change-bus.server";
import { courses, enrollments, paymentSettings } from "~/db/schema";
import type { ChangeTopic } from "~/lib/change-topics";
import { readBankFeed } from "~/models/bank-feed.server";
import type { RecentNotification } from "~/models/bank-notification.server";
import { updatePaymentSettings } from "~/models/payment-settings.server";
import { handle, action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import { action as webhookAction } from "~/routes/api/bank-notifications";
import { createSessionFixture } from "../support/admin-session";
import { cassoRequest, type FakeTransfer, sepayRequest } from "../support/fake-bank-provider";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3996";
const ACCOUNT = "0123456789";
const SEPAY_KEY = "sepay-key-for-tests-wxyz";
const CASSO_TOKEN = "casso-token-for-tests-7qrs";
const ENV_KEY = "sepay-env-key-0123456789";
const FEE = 3_000_000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let context: AppLoadContext;
let bus: ChangeBus;
const topics: ChangeTopic[] = [];
const cookies: Record<"admin" | "consultant" | "teacher", string> = {
  admin: "",
  consultant: "",
  teacher: "",
};
let courseId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  bus = await startChangeBus(database.url);
  bus.subscribe((topic) => topics.push(topic));
  const fixture = createSessionFixture(database.db, APP_URL);
  context = fixture.context;
  cookies.admin = await fixture.cookieFor("ke.toan@lernhaus.test", "Kế Toán", "admin");
  cookies.consultant = await fixture.cookieFor("tu.van@lernhaus.test", "Tư Vấn", "consultant");
  cookies.teacher = await fixture.cookieFor("giao.vien@lernhaus.test", "Giáo Viên", "teacher");
  await updatePaymentSettings(database.db, {
    bankBin: "970436",
    accountNumber: ACCOUNT,
    accountHolder: "TRUONG DUC NGU LERNHAUS",
    transferPrefix: "HOCPHI",
    firstCourseDiscount: false,
  });
  const [course] = await database.db
    .insert(courses)
    .values({
      level: "B1",
      title: "Tiếng Đức B1",
      description: "x",
      duration: "3 tháng",
      lessons: "36 buổi",
      price: FEE,
      color: "blue",
    })
    .returning({ id: courses.id });
  courseId = course!.id;
});

afterAll(async () => {
  await bus?.close();
});

/** The context with SEPAY_API_KEY set, as the environment sets it. */
const withEnvironmentKey = () => ({ ...context, config: { ...context.config, SEPAY_API_KEY: ENV_KEY } });

async function save(
  form: Record<string, string>,
  { cookie = cookies.admin, on = context }: { cookie?: string; on?: AppLoadContext } = {},
) {
  const body = new FormData();
  body.append("intent", "save-bank-feed");
  for (const [key, value] of Object.entries(form)) body.append(key, value);
  const request = new Request(`${APP_URL}/admin/settings?tab=payment`, {
    method: "POST",
    headers: { cookie, origin: APP_URL },
    body,
  });
  const result = await settingsAction({ request, context: { ...on }, params: {} } as never).catch(
    (thrown: unknown) => thrown,
  );
  const status =
    result instanceof Response ? result.status : (result as { init?: { status?: number } })?.init?.status;
  const reply = (result as { data?: { error?: Record<string, string[]>; initialValue?: object } })?.data;
  return { status, errors: reply?.error, reply };
}

type PaymentPage = {
  bankFeed: BankFeedView;
  notifications: RecentNotification[];
  webhookBase: string;
};

async function page(on = context) {
  const request = new Request(`${APP_URL}/admin/settings?tab=payment`, {
    headers: { cookie: cookies.admin },
  });
  return (await settingsLoader({ request, context: on, params: {} } as never)) as unknown as PaymentPage;
}

const storedRow = async () =>
  (await database.db.select().from(paymentSettings).where(eq(paymentSettings.id, 1)))[0]!;

let ipCounter = 0;
/** A provider's post through the webhook's route, each from its own address. */
function post(request: Request, on = context) {
  const provider = new URL(request.url).pathname.split("/").pop()!;
  return webhookAction({
    request,
    context: { ...on, clientIp: `10.2.0.${++ipCounter}` },
    params: { provider },
  } as never);
}

describe("the bank feed's settings", () => {
  it("are refused to a consultant and a teacher, and nothing is stored", async () => {
    for (const role of ["consultant", "teacher"] as const) {
      const { status } = await save(
        { provider: "sepay", auth: "apikey", secret: SEPAY_KEY, account: "" },
        { cookie: cookies[role] },
      );
      expect(status, role).toBe(403);
    }
    expect((await storedRow()).bankFeedProvider).toBe("");
    expect((await page()).bankFeed).toMatchObject({ provider: null, secretHint: "", fromEnvironment: false });
  });

  it("refuse a short secret without sending it back to the page", async () => {
    const { status, errors, reply } = await save({
      provider: "sepay",
      auth: "apikey",
      secret: "short-key",
      account: "",
    });
    expect(status).toBe(400);
    expect(errors?.secret).toEqual(["payment:bankFeed.errors.secret"]);
    expect(JSON.stringify(reply)).not.toContain("short-key");
    expect(reply?.initialValue).toMatchObject({ provider: "sepay" });
    // The page gives this answer to the feed's form, not to the payment account's beside it.
    expect(isBankFeedResult(reply)).toBe(true);
  });

  it("seal a new secret: the column holds no plaintext, the page only its last four characters", async () => {
    topics.length = 0;
    const { status } = await save({ provider: "sepay", auth: "apikey", secret: SEPAY_KEY, account: "" });
    expect(status).toBe(302);
    const row = await storedRow();
    expect(row.bankFeedProvider).toBe("sepay");
    expect(row.bankFeedSecret).not.toBe("");
    expect(row.bankFeedSecret).not.toContain(SEPAY_KEY);
    expect(row.bankFeedSecretHint).toBe("wxyz");
    expect((await readBankFeed(database.db, context.config)).credentials?.secret).toBe(SEPAY_KEY);
    await expect.poll(() => topics).toContain("payments");

    const shown = await page();
    expect(shown.bankFeed).toEqual({
      provider: "sepay",
      auth: "apikey",
      secretHint: "wxyz",
      accountSetting: "",
      fromEnvironment: false,
      refused: 0,
      refusedAt: null,
    });
    expect(shown.webhookBase).toBe(APP_URL);
    expect(JSON.stringify(shown)).not.toContain(SEPAY_KEY);
    expect(JSON.stringify(shown)).not.toContain(row.bankFeedSecret);
  });

  it("keep the stored secret when the field is left empty", async () => {
    const before = (await storedRow()).bankFeedSecret;
    const { status } = await save({ provider: "sepay", auth: "apikey", secret: "", account: "0123 456.789" });
    expect(status).toBe(302);
    const row = await storedRow();
    expect(row.bankFeedSecret).toBe(before);
    expect(row.bankFeedAccount).toBe(ACCOUNT);
    expect((await page()).bankFeed).toMatchObject({ secretHint: "wxyz", accountSetting: ACCOUNT });
  });

  it("ask for a secret when the provider or SePay's method changes without one, and keep the old setting", async () => {
    for (const form of [
      { provider: "casso", auth: "apikey", secret: "", account: "" },
      { provider: "sepay", auth: "hmac", secret: "", account: "" },
    ]) {
      const { status, errors } = await save(form);
      expect(status, JSON.stringify(form)).toBe(400);
      expect(errors?.secret).toEqual(["admin-settings:bankFeed.errors.needsSecret"]);
    }
    const row = await storedRow();
    expect(row).toMatchObject({
      bankFeedProvider: "sepay",
      bankFeedAuth: "apikey",
      bankFeedSecretHint: "wxyz",
    });
  });
});

describe("the operator's view", () => {
  it("lists the last notifications with what each did, and counts the posts refused for a wrong key", async () => {
    // Casso with its own token: a new secret, so the switch is saved.
    expect((await save({ provider: "casso", auth: "apikey", secret: CASSO_TOKEN, account: "" })).status).toBe(
      302,
    );
    const [enrolment] = await database.db
      .insert(enrollments)
      .values({
        fullName: "Trần Văn Bình",
        phone: "0912345678",
        email: "binh@example.com",
        course: "b1",
        courseId,
        paymentAmount: FEE,
        schedule: "evening",
        language: "vi",
      })
      .returning({ reference: enrollments.paymentReference });
    const transfers: FakeTransfer[] = [
      { id: 501, content: "chuyen tien", amount: 200_000 },
      { id: 502, content: `HOCPHI ${enrolment!.reference}`, amount: FEE },
    ];
    for (const transfer of transfers)
      expect((await post(cassoRequest(APP_URL, [transfer], CASSO_TOKEN))).status).toBe(200);
    expect(
      (
        await post(
          cassoRequest(
            APP_URL,
            [{ id: 503, content: "rut tien", amount: 50_000, direction: "out" }],
            CASSO_TOKEN,
          ),
        )
      ).status,
    ).toBe(200);
    // A wrong key: refused and counted, nothing stored.
    expect(
      (await post(cassoRequest(APP_URL, [{ id: 504, content: "x", amount: 1 }], "wrong-token-1234567")))
        .status,
    ).toBe(401);

    const shown = await page();
    expect(shown.bankFeed).toMatchObject({ provider: "casso", secretHint: "7qrs", refused: 1 });
    expect(shown.bankFeed.refusedAt).toBeInstanceOf(Date);
    expect(
      shown.notifications.map(({ provider, direction, amount, outcome, reason, reference }) => ({
        provider,
        direction,
        amount,
        outcome,
        reason,
        reference,
      })),
    ).toEqual([
      {
        provider: "casso",
        direction: "out",
        amount: 50_000,
        outcome: "ignored",
        reason: "outgoing",
        reference: null,
      },
      {
        provider: "casso",
        direction: "in",
        amount: FEE,
        outcome: "paid",
        reason: null,
        reference: enrolment!.reference,
      },
      {
        provider: "casso",
        direction: "in",
        amount: 200_000,
        outcome: "unmatched",
        reason: "no-reference",
        reference: null,
      },
    ]);
    expect(shown.notifications[0]!.receivedAt).toBeInstanceOf(Date);
    expect(JSON.stringify(shown)).not.toContain(CASSO_TOKEN);
  });

  it("updates live: the settings page listens to the payments topic", () => {
    expect(handle.liveTopics).toContain("payments");
  });
});

describe("SEPAY_API_KEY", () => {
  it("shows SePay with the environment's key, its last four characters only", async () => {
    const shown = await page(withEnvironmentKey());
    expect(shown.bankFeed).toMatchObject({
      provider: "sepay",
      auth: "apikey",
      secretHint: "6789",
      fromEnvironment: true,
    });
    expect(JSON.stringify(shown)).not.toContain(ENV_KEY);
  });

  it("keeps the form from changing the provider or storing a key: only the account is saved", async () => {
    const before = await storedRow();
    const { status } = await save(
      { provider: "casso", auth: "hmac", secret: "another-casso-token-99", account: "9876543210" },
      { on: withEnvironmentKey() },
    );
    expect(status).toBe(302);
    expect((await readBankFeed(database.db, withEnvironmentKey().config)).credentials).toEqual({
      provider: "sepay",
      auth: "apikey",
      secret: ENV_KEY,
    });
    // What Settings stored stays for the day the variable is removed; only the account changed.
    const row = await storedRow();
    expect(row).toMatchObject({
      bankFeedProvider: before?.bankFeedProvider ?? "",
      bankFeedAuth: before?.bankFeedAuth ?? "apikey",
      bankFeedSecret: before?.bankFeedSecret ?? "",
      bankFeedAccount: "9876543210",
    });
    expect(row?.bankFeedSecret).not.toContain("another-casso-token-99");
  });

  it("accepts SePay's posts with the environment's key", async () => {
    const response = await post(
      sepayRequest(
        APP_URL,
        { id: 601, content: "chuyen tien", amount: 100_000, accountNumber: "9876543210" },
        {
          apiKey: ENV_KEY,
        },
      ),
      withEnvironmentKey(),
    );
    expect(response.status).toBe(200);
    const shown = await page(withEnvironmentKey());
    expect(shown.notifications[0]).toMatchObject({
      provider: "sepay",
      outcome: "unmatched",
      reason: "no-reference",
    });
  });
});
