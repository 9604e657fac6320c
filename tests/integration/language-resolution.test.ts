// ADR 034: a form sent from a page at /en/… or /de/… is answered, and its mail written, in the
// address's language, whatever the browser's cookie and Accept-Language say: the enrolment and
// contact forms with JavaScript (JSON under the page's prefix) and without (the page's own
// action), and the blog's newsletter box (fetcher and plain post), whose subscriber then gets
// every newsletter in that language. Real route actions, a real database, the mail outbox.
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "~/config.server";
import { emailOutbox, newsletterSubscribers } from "~/db/schema";
import { seedDemoContent } from "~/db/seed.server";
import { type Language, languageFromPath } from "~/i18n/language";
import { i18n } from "~/i18n/resources.server";
import { action as contactApiAction } from "~/routes/api/email.contact";
import { action as enrollmentApiAction } from "~/routes/api/email.enrollment";
import { action as newsletterAction } from "~/routes/api/newsletter";
import { action as contactPageAction } from "~/routes/site/contact";
import { action as enrollPageAction } from "~/routes/site/enroll";
import { formTicketCookie } from "../support/form-ticket";
import { createTestDatabase } from "../support/test-database";

const ORIGIN = "http://localhost";
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let context: AppLoadContext;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoContent(database.db); // the open courses and the contact config
  const config = parseConfig({ DATA_DIR: "/nonexistent" });
  context = { db: database.db, config: { ...config, authSecret: "x".repeat(32) } } as AppLoadContext;
});

let counter = 0;
/** Each submission its own address, phone and IP: the forms' rate limits count per each. */
const unique = () => ++counter;

type Form = "enrollment" | "contact" | "newsletter";
type ActionArgs = { request: Request; context: AppLoadContext; params: Record<string, string> };
type AnyAction = (args: ActionArgs) => unknown;

const forms: Record<
  Form,
  { page: string; language: Language; pageAction?: AnyAction; apiAction: AnyAction; subjectKey: string }
> = {
  enrollment: {
    page: "/en/enroll",
    language: "en",
    pageAction: enrollPageAction as unknown as AnyAction,
    apiAction: enrollmentApiAction as unknown as AnyAction,
    subjectKey: "enroll:mail.confirmation.subject",
  },
  contact: {
    page: "/de/contact",
    language: "de",
    pageAction: contactPageAction as unknown as AnyAction,
    apiAction: contactApiAction as unknown as AnyAction,
    subjectKey: "contact:mail.confirmation.subject",
  },
  newsletter: {
    page: "/en/blog",
    language: "en",
    apiAction: newsletterAction as unknown as AnyAction,
    subjectKey: "newsletter:mail.subject",
  },
};

/** Endpoint of a form's JSON API (or the newsletter action) under the page's prefix. */
const apiPath: Record<Form, string> = {
  enrollment: "/api/email/enrollment",
  contact: "/api/email/contact",
  newsletter: "/api/newsletter",
};

function fieldsOf(form: Form, email: string, n: number): Record<string, string> {
  const phone = `+84 91 ${String(n).padStart(7, "0")}`;
  switch (form) {
    case "enrollment":
      return {
        fullName: "Nguyễn Thị Lan",
        phone,
        email,
        course: "b1",
        schedule: "evening",
        goals: "Thi B1",
        hearAbout: "friend",
      };
    case "contact":
      return {
        name: "Trần Minh",
        email,
        phone,
        subject: "pricing",
        message: "Khóa B1 học bao lâu?",
        contactMethod: "zalo",
      };
    case "newsletter":
      return { email, redirectTo: forms.newsletter.page };
  }
}

/** What a browser on the page sends: a Vietnamese learner's Accept-Language, and a cookie that
 * names another language than the address (or none: a fresh browser). */
function browserHeaders(cookie: Language | undefined, acceptLanguage: string): Record<string, string> {
  return {
    "Accept-Language": acceptLanguage,
    "User-Agent": "language-test",
    ...(cookie ? { Cookie: `lng=${cookie}` } : {}),
  };
}

async function send(
  form: Form,
  javascript: boolean,
  cookie: Language | undefined,
  email: string,
  { page = forms[form].page, acceptLanguage = "vi-VN,vi;q=0.9" } = {},
) {
  const n = unique();
  const { pageAction, apiAction } = forms[form];
  const pageLanguage = languageFromPath(page);
  const prefix = pageLanguage ? `/${pageLanguage}` : "";
  const fields = { ...fieldsOf(form, email, n), ...(form === "newsletter" ? { redirectTo: page } : {}) };
  // Our page's JSON call names the page's language (public-form.tsx); a plain form post cannot.
  const headers = browserHeaders(
    cookie,
    javascript && form !== "newsletter" ? (pageLanguage ?? "vi") : acceptLanguage,
  );
  let request: Request;
  let action: AnyAction;
  if (form === "newsletter") {
    // The box is a form posting to /<lang>/api/newsletter: a fetcher with JavaScript, a plain
    // navigation (asking for HTML) without.
    request = new Request(`${ORIGIN}${prefix}${apiPath.newsletter}`, {
      method: "POST",
      headers: { ...headers, ...(javascript ? {} : { Accept: "text/html" }) },
      body: new URLSearchParams(fields),
    });
    action = apiAction;
  } else if (javascript) {
    request = new Request(`${ORIGIN}${prefix}${apiPath[form]}`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify(fields),
    });
    action = apiAction;
  } else {
    request = new Request(`${ORIGIN}${page}`, {
      method: "POST",
      headers: {
        ...headers,
        Cookie: [headers.Cookie, formTicketCookie(context.config.authSecret, 5_000)]
          .filter(Boolean)
          .join("; "),
      },
      body: new URLSearchParams(fields),
    });
    action = pageAction!;
  }
  try {
    return await action({ request, context: { ...context, clientIp: `10.9.0.${n}` }, params: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const cookies: { name: string; cookie: (address: Language) => Language | undefined }[] = [
  { name: "no cookie", cookie: () => undefined },
  { name: "a contradicting cookie", cookie: (address) => (address === "de" ? "en" : "de") },
  { name: "a Vietnamese cookie", cookie: () => "vi" },
];

describe("the address decides the language of the answer and the mail", () => {
  const cases = (Object.keys(forms) as Form[]).flatMap((form) =>
    [false, true].flatMap((javascript) =>
      cookies.map(({ name, cookie }) => ({ form, javascript, name, cookie: cookie(forms[form].language) })),
    ),
  );

  it.each(cases)(
    "$form from its page, JavaScript $javascript, $name",
    async ({ form, javascript, cookie }) => {
      const { language, subjectKey, page } = forms[form];
      const email = `${form}-${javascript ? "js" : "nojs"}-${cookie ?? "none"}-${unique()}@example.com`;
      const answer = await send(form, javascript, cookie, email);

      if (form === "newsletter" && !javascript) {
        // Back to the page it came from, at its address.
        expect((answer as Response).status).toBe(303);
        expect((answer as Response).headers.get("Location")).toBe(`${page}?newsletter=pending#newsletter`);
      } else if (answer instanceof Response) {
        expect(answer.status).toBe(200);
      }

      const mails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
      expect(mails.map((mail) => mail.subject)).toEqual([i18n.getFixedT(language)(subjectKey)]);
      if (form === "newsletter") {
        // Every newsletter to come is written in the subscriber's stored language.
        const [row] = await database.db
          .select({ language: newsletterSubscribers.language })
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.email, email));
        expect(row?.language).toBe(language);
        // Its links open the confirm and unsubscribe pages at the page's language's address.
        const links = [
          ...mails[0]!.text.matchAll(/https?:\/\/[^/\s]+(\/\S*newsletter\/(?:confirm|unsubscribe))\?/g),
        ];
        expect(links.map((link) => link[1])).toEqual([
          `/${language}/newsletter/confirm`,
          `/${language}/newsletter/unsubscribe`,
        ]);
      }
    },
  );

  it.each(
    (["enrollment", "contact"] as const).flatMap((form) =>
      cookies.map(({ name, cookie }) => ({ form, name, cookie: cookie(forms[form].language) })),
    ),
  )("the JSON answer to a mistake in $form is in the address's language, $name", async ({ form, cookie }) => {
    const { language } = forms[form];
    const response = (await send(form, true, cookie, "not-an-email")) as Response;
    expect(response.status).toBe(400);
    const t = i18n.getFixedT(language);
    const namespace = form === "enrollment" ? "enroll" : "contact";
    expect(await response.json()).toEqual({
      error: `${t(`${namespace}:fields.email`)}: ${t("validation.email")}`,
    });
  });

  // A learner on a Vietnamese page whose phone or browser is set to English.
  it.each(
    (Object.keys(forms) as Form[]).flatMap((form) =>
      [false, true].map((javascript) => ({ form, javascript })),
    ),
  )(
    "$form from its Vietnamese page in an English browser, JavaScript $javascript: Vietnamese",
    async ({ form, javascript }) => {
      const page = { enrollment: "/enroll", contact: "/contact", newsletter: "/blog" }[form];
      const email = `${form}-vi-${javascript ? "js" : "nojs"}-${unique()}@example.com`;
      await send(form, javascript, undefined, email, { page, acceptLanguage: "en-US,en;q=0.9" });
      const mails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
      expect(mails.map((mail) => mail.subject)).toEqual([i18n.getFixedT("vi")(forms[form].subjectKey)]);
    },
  );
});
