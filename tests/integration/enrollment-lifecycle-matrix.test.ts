// The crossing matrix (issue 26, ADR 033): each enrolment stage × language × channel (success
// screen, mail, "Khóa học của tôi", admin payments). The states are made through the real paths
// (the JSON API's enrolment into a class, the admin's cancellation, "mark paid"), and every cell's
// expectation is read from the one lifecycle table, not written case by case: the transfer
// details (QR code, price, discount, amount) show exactly where the stage owes its fee, the line
// about paying is the stage's in the learner's language, the admin's label, amount owed and
// actions are the stage's.
import { eq } from "drizzle-orm";
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { type AppLoadContext, createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { loadLearnerCourses } from "~/auth/learner-profile.server";
import type { SessionUser } from "~/auth/session.server";
import { MyCoursesSection } from "~/components/account/my-courses-section";
import { PaymentsTable } from "~/components/admin/payments/payments-table";
import { EnrollmentSuccess } from "~/components/site/enroll-success";
import { courses, emailOutbox, enrollments } from "~/db/schema";
import { seedDemoContent } from "~/db/seed.server";
import { type Language, languages } from "~/i18n/language";
import { I18nProvider } from "~/i18n/react";
import { i18n } from "~/i18n/resources.server";
import { amountOwed, type EnrollmentStage, stageRules } from "~/lib/enrollment-lifecycle";
import { formatPriceVnd } from "~/lib/format";
import { listEnrollableClasses } from "~/models/class-seat.server";
import { changeEnrollmentStatus } from "~/models/enrollment.server";
import { listPaymentsForAdmin, markEnrollmentPaid } from "~/models/payment.server";
import { updatePaymentSettings } from "~/models/payment-settings.server";
import { action as apiAction } from "~/routes/api/email.enrollment";
import { readPaymentListQuery } from "~/schemas/payment-record";
import { createSessionFixture } from "../support/admin-session";
import { addDays, createClass } from "../support/class-fixtures";
import { formTicketCookie } from "../support/form-ticket";
import { createTestDatabase } from "../support/test-database";

const APP_URL = "http://localhost:3996";
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let context: AppLoadContext;
let b1: { id: string; price: number; level: string; title: string };

/** The stages of the matrix and the channels each is seen on: the success screen exists only at
 * enrolment (a seat or the waitlist). */
const channelsOf: Record<EnrollmentStage, readonly Channel[]> = {
  seat: ["success screen", "mail", "profile", "admin payments"],
  waitlisted: ["success screen", "mail", "profile", "admin payments"],
  offered: ["mail", "profile", "admin payments"],
  cancelled: ["mail", "profile", "admin payments"],
  paid: ["mail", "profile", "admin payments"],
  "refund-due": ["mail", "profile", "admin payments"],
  refunded: [],
};
type Channel = "success screen" | "mail" | "profile" | "admin payments";

interface Learner {
  email: string;
  id: string;
  /** The JSON API's answer: what the success screen is given. */
  answer: Record<string, string | number | boolean>;
  classId?: string;
}
const learners = new Map<string, Learner>();
const key = (stage: EnrollmentStage, language: Language) => `${stage}:${language}`;

let phone = 0;
async function enrol(language: Language, email: string, classId?: string): Promise<Learner> {
  const request = new Request(`${APP_URL}/api/email/enrollment`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Accept-Language": language,
      Cookie: formTicketCookie(context.config.authSecret),
    },
    body: JSON.stringify({
      fullName: `Học viên ${email.split("@")[0]}`,
      phone: `+84 93 ${String(++phone).padStart(7, "0")}`,
      email,
      course: b1.id,
      ...(classId ? { classId } : {}),
      schedule: "evening",
    }),
  });
  const response = await apiAction({
    request,
    context: { ...context, clientIp: `10.2.0.${phone}` },
    params: {},
  } as never);
  expect(response.status).toBe(200);
  const answer = (await response.json()) as Learner["answer"];
  return { email, id: String(answer.id), answer, classId };
}

async function pay(id: string) {
  const [row] = await database.db
    .select({ amount: enrollments.paymentAmount })
    .from(enrollments)
    .where(eq(enrollments.id, id));
  const outcome = await markEnrollmentPaid(database.db, {
    enrollmentId: id,
    amount: row!.amount!,
    paidOn: addDays(0),
    method: "transfer",
    recordedById: null,
  });
  expect(outcome).toBe("paid");
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoContent(database.db);
  context = createSessionFixture(database.db, APP_URL).context;
  await updatePaymentSettings(database.db, {
    bankBin: "970436",
    accountNumber: "0011001234567",
    accountHolder: "TRUONG DUC NGU LERNHAUS",
    transferPrefix: "HOC PHI",
    firstCourseDiscount: true,
  });
  const [course] = await database.db
    .select({ id: courses.id, price: courses.price, level: courses.level, title: courses.title })
    .from(courses)
    .where(eq(courses.level, "B1"))
    .limit(1);
  b1 = course!;

  for (const language of languages) {
    // Two seats: two hold them, two wait; a seat given up goes to the first who waits.
    const classId = await createClass(database.db, { courseId: b1.id, capacity: 2, startsOn: addDays(40) });
    const seat = await enrol(language, `seat.${language}@example.com`, classId);
    const leaving = await enrol(language, `refund.${language}@example.com`, classId);
    const offered = await enrol(language, `offered.${language}@example.com`, classId);
    const waiting = await enrol(language, `waiting.${language}@example.com`, classId);
    const cancelled = await enrol(language, `cancelled.${language}@example.com`);
    const paid = await enrol(language, `paid.${language}@example.com`);
    await pay(paid.id);
    await pay(leaving.id);
    expect(await changeEnrollmentStatus(database.db, leaving.id, "cancelled")).toBe("changed");
    expect(await changeEnrollmentStatus(database.db, cancelled.id, "cancelled")).toBe("changed");
    for (const [stage, learner] of Object.entries({
      seat,
      waitlisted: waiting,
      offered,
      cancelled,
      paid,
      "refund-due": leaving,
    })) {
      learners.set(key(stage as EnrollmentStage, language), learner);
    }
  }
});

/** The element rendered inside a router whose root loader answered the page's language. */
let rendered: ReactNode = null;
function Rendered() {
  return rendered;
}
const Stub = createRoutesStub([{ id: "root", path: "/", Component: Rendered, loader: () => null }]);

function render(language: Language, element: ReactNode, rootData: Record<string, unknown> = {}) {
  rendered = element;
  const page = createElement(Stub, {
    initialEntries: ["/"],
    hydrationData: { loaderData: { root: { language, ...rootData } } },
  } as never);
  const props = { i18n: i18n.withLanguage(language) } as Parameters<typeof I18nProvider>[0];
  return renderToString(createElement(I18nProvider, props, page));
}

/** The text of a render or a mail, with HTML's entities read back. */
const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

async function latestMail(email: string) {
  const mails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
  return mails.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1)!;
}

/** What every learner-facing channel must show for the stage, from the table. */
function expectLearnerView(text: string, hasQr: boolean, stage: EnrollmentStage, language: Language) {
  const t = i18n.getFixedT(language);
  const rule = stageRules[stage];
  const fee = amountDue();
  expect(text).toContain(t(rule.learnerNote));
  expect(hasQr).toBe(rule.owes);
  if (rule.owes) {
    // Price, discount and amount due, each labelled (the first course of a new learner).
    expect(text).toContain(`${t("payment:details.price")}`);
    expect(text).toContain(formatPriceVnd(b1.price));
    expect(text).toContain(t("payment:details.discount", { percent: 10 }));
    expect(text).toContain(formatPriceVnd(b1.price - fee));
    expect(text).toContain(formatPriceVnd(fee));
  } else {
    expect(text).not.toContain(t("payment:details.account"));
  }
  // The other stages' lines never show beside this one.
  for (const other of Object.values(stageRules)) {
    if (other.learnerNote !== rule.learnerNote) expect(text).not.toContain(t(other.learnerNote));
  }
}

const amountDue = () => Math.round(b1.price * 0.9);

describe("the crossing matrix", () => {
  for (const [stage, channels] of Object.entries(channelsOf) as [EnrollmentStage, Channel[]][]) {
    for (const language of languages) {
      for (const channel of channels) {
        it(`${stage} × ${language} × ${channel}`, async () => {
          const learner = learners.get(key(stage, language))!;
          const t = i18n.getFixedT(language);
          if (channel === "success screen") {
            const classes = await listEnrollableClasses(database.db);
            const sent = Object.fromEntries(
              Object.entries({
                email: learner.email,
                course: b1.id,
                classId: learner.classId ?? "",
                schedule: "evening",
                ...learner.answer,
              }).map(([name, value]) => [name, String(value)]),
            );
            const html = render(
              language,
              createElement(EnrollmentSuccess, {
                sent: sent as never,
                courses: [b1],
                classes,
                onAgain: () => {},
              }),
            );
            expectLearnerView(plain(html), html.includes('data-testid="payment-qr"'), stage, language);
          }
          if (channel === "mail") {
            const mail = await latestMail(learner.email);
            expectLearnerView(mail.text, (mail.attachments ?? []).length > 0, stage, language);
            if (stageRules[stage].owes) expect(mail.html).toContain('src="cid:vietqr@lernhaus"');
          }
          if (channel === "profile") {
            const user = { id: "none", email: learner.email, emailVerified: true } as SessionUser;
            const data = await loadLearnerCourses(context, user, new URL(`${APP_URL}/profile`));
            expect(data.enrollments).toHaveLength(1);
            expect(data.enrollments[0]!.paymentNote).toBe(stageRules[stage].learnerNote);
            const html = render(
              language,
              createElement(MyCoursesSection, { email: learner.email, data, actionData: undefined }),
            );
            expectLearnerView(plain(html), html.includes('data-testid="payment-qr"'), stage, language);
          }
          if (channel === "admin payments") {
            const [reference] = await database.db
              .select({ reference: enrollments.paymentReference })
              .from(enrollments)
              .where(eq(enrollments.id, learner.id));
            const list = await listPaymentsForAdmin(
              database.db,
              readPaymentListQuery(`q=${reference!.reference}`),
            );
            expect(list.rows).toHaveLength(1);
            const text = plain(render(language, createElement(PaymentsTable, { rows: list.rows })));
            const rule = stageRules[stage];
            expect(text).toContain(t(rule.adminLabel));
            expect(text).toContain(formatPriceVnd(amountOwed(stage, amountDue())!));
            expect(text.includes(t("admin-payments:table.markPaid"))).toBe(
              rule.adminActions.includes("record-payment"),
            );
            expect(text.includes(t("admin-payments:table.refund"))).toBe(
              rule.adminActions.includes("refund"),
            );
            // What owes nothing is not in "waiting for payment"; what owes is.
            const pending = await listPaymentsForAdmin(
              database.db,
              readPaymentListQuery(`q=${reference!.reference}&status=pending`),
            );
            expect(pending.rows.length).toBe(rule.owes ? 1 : 0);
          }
        });
      }
    }
  }

  it("refuses to record a payment for what owes nothing (waitlisted, cancelled)", async () => {
    for (const stage of ["waitlisted", "cancelled"] as const) {
      const learner = learners.get(key(stage, "vi"))!;
      const outcome = await markEnrollmentPaid(database.db, {
        enrollmentId: learner.id,
        amount: 1_000_000,
        paidOn: addDays(0),
        method: "cash",
        recordedById: null,
      });
      expect(outcome).toBe("not-owed");
    }
  });
});
