import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
// Relative and import-free: this file is read before the "~" alias exists.
import { defaultLanguage, languages } from "./i18n/language";

const translationLanguages = languages.filter((language) => language !== defaultLanguage);

/** The pages that have an address per language. Vietnamese (no `language`) keeps the default
 * route ids, which code may name (useRouteLoaderData); a translated copy's id is prefixed. */
function publicPages(language?: string) {
  const options = (file: string) => (language ? { id: `${language}/${file.replace(/\.tsx$/, "")}` } : {});
  const page = (path: string, file: string) => route(path, file, options(file));
  return [
    index("routes/site/home.tsx", options("routes/site/home.tsx")),
    page("about", "routes/site/about.tsx"),
    page("courses", "routes/site/courses.tsx"),
    page("courses/:slug", "routes/site/course-detail.tsx"),
    page("schedule", "routes/site/schedule.tsx"),
    // @routes:courses
    page("enroll", "routes/site/enroll.tsx"),
    page("contact", "routes/site/contact.tsx"),
    page("privacy", "routes/site/privacy.tsx"),
    page("placement-test", "routes/site/placement-test.tsx"),
    page("placement-test/:token", "routes/site/placement-test.attempt.tsx"),
    page("trial", "routes/site/trial.tsx"),
    // @routes:forms
    page("blog", "routes/site/blog.tsx"),
    page("blog/:slug", "routes/site/blog-post.tsx"),
  ];
}

// The explicit route table: spec §2's routes and the pages added since.
export default [
  // Public pages: Vietnamese at their own addresses, then the same modules under /en and /de
  // (ADR 032). Copies rather than an optional `:lang?` segment: `/fr/courses` then matches no
  // page, and a post whose slug is "courses" can never be mistaken for a language's course list.
  layout("routes/site/layout.tsx", [
    ...publicPages(),
    route("newsletter/confirm", "routes/site/newsletter-confirm.tsx"),
    route("newsletter/unsubscribe", "routes/site/newsletter-unsubscribe.tsx"),
    // @routes:blog
    route("profile", "routes/site/profile.tsx"),
    route("profile/erase", "routes/site/profile.erase.tsx"),
    // @routes:account
    route("*", "routes/site/not-found.tsx"),
  ]),
  ...translationLanguages.map((language) =>
    route(language, "routes/site/layout.tsx", { id: `${language}/routes/site/layout` }, [
      ...publicPages(language),
      // The confirmation mail's links, in the language the subscriber chose (ADR 034).
      route("newsletter/confirm", "routes/site/newsletter-confirm.tsx", {
        id: `${language}/routes/site/newsletter-confirm`,
      }),
      route("newsletter/unsubscribe", "routes/site/newsletter-unsubscribe.tsx", {
        id: `${language}/routes/site/newsletter-unsubscribe`,
      }),
      route("*", "routes/site/not-found.tsx", { id: `${language}/routes/site/not-found` }),
    ]),
  ),
  layout("routes/auth/layout.tsx", [
    route("login", "routes/auth/login.tsx"),
    route("signup", "routes/auth/signup.tsx"),
    route("forgot-password", "routes/auth/forgot-password.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
    route("invitation/:token", "routes/auth/invitation.tsx"),
    route("login/two-factor", "routes/auth/two-factor.tsx"),
    route("verify-email", "routes/auth/verify-email.tsx"),
    // @routes:auth
  ]),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/overview.tsx"),
    route("students", "routes/admin/students.tsx"),
    route("courses", "routes/admin/courses.tsx"),
    route("placement-test", "routes/admin/placement-test.tsx"),
    route("classes", "routes/admin/classes.tsx"),
    route("classes/:id", "routes/admin/classes.roster.tsx"),
    route("classes/:id/roster.csv", "routes/admin/classes.roster-csv.ts"),
    route("classes/:id/certificates", "routes/admin/classes.certificates.tsx"),
    route("about", "routes/admin/about.tsx"),
    route("posts", "routes/admin/posts.tsx"),
    route("analytics", "routes/admin/analytics.tsx"),
    route("messages", "routes/admin/messages.tsx"),
    route("profile", "routes/admin/profile.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("students/export.csv", "routes/admin/students.export.ts"),
    route("uploads", "routes/admin/uploads.ts"),
    route("uploads/video", "routes/admin/uploads.video.ts"),
    route("uploads/material", "routes/admin/uploads.material.ts"),
    route("settings/newsletter.csv", "routes/admin/settings.newsletter-export.ts"),
    route("settings/audit", "routes/admin/settings.audit.tsx"),
    route("settings/erase", "routes/admin/settings.erase.tsx"),
    route("settings/security", "routes/admin/settings.security.tsx"),
    route("classes/seats", "routes/admin/classes.seats.ts"),
    route("payments", "routes/admin/payments.tsx"),
    route("trials", "routes/admin/trials.tsx"),
    route("my-classes", "routes/admin/my-classes.tsx"),
    route("my-classes/:id", "routes/admin/my-classes.class.tsx"),
    route("media", "routes/admin/media.tsx"),
    route("media/picker", "routes/admin/media.picker.ts"),
    route("media/replace", "routes/admin/media.replace.ts"),
    // @routes:admin
  ]),
  route("api/events", "routes/api/events.ts"),
  // Whether an open success screen's payment has arrived, asked by its signed token (issue 31).
  route("api/payment-status/:token", "routes/api/payment-status.ts"),
  // Bank-transfer notifications from SePay or Casso (issue 31, ADR 050).
  route("api/bank-notifications/:provider", "routes/api/bank-notifications.ts"),
  // A class's material: its learners and staff only (issue 30).
  route("materials/:id", "routes/site/material.ts"),
  route("api/language", "routes/api/language.ts"),
  route("healthz", "routes/api/healthz.ts"),
  route("api/auth/*", "routes/api/auth.ts"),
  route("auth/continue", "routes/auth/continue.ts"),
  route("logout", "routes/auth/logout.ts"),
  // A static segment outranks blog/:slug wherever it is listed: /blog/rss.xml is the feed.
  route("blog/rss.xml", "routes/api/rss.ts"),
  ...translationLanguages.map((language) =>
    route(`${language}/blog/rss.xml`, "routes/api/rss.ts", { id: `${language}/routes/api/rss` }),
  ),
  route("sitemap.xml", "routes/api/sitemap.ts"),
  route("schedule/:id/calendar.ics", "routes/site/schedule.calendar.ts"),
  ...translationLanguages.map((language) =>
    route(`${language}/schedule/:id/calendar.ics`, "routes/site/schedule.calendar.ts", {
      id: `${language}/routes/site/schedule.calendar`,
    }),
  ),
  route("robots.txt", "routes/api/robots.ts"),
  route("api/newsletter", "routes/api/newsletter.ts"),
  route("api/posts/:postId/views", "routes/api/post-view.ts"),
  route("api/email/enrollment", "routes/api/email.enrollment.ts"),
  route("api/email/contact", "routes/api/email.contact.ts"),
  route("api/email/trial", "routes/api/email.trial.ts"),
  // The forms' endpoints under the page's prefix as well: a page at /en/… posts to /en/api/…, so
  // the answer and the mails are in the page's language whatever the cookie says (ADR 034).
  ...translationLanguages.flatMap((language) => [
    route(`${language}/api/newsletter`, "routes/api/newsletter.ts", {
      id: `${language}/routes/api/newsletter`,
    }),
    route(`${language}/api/email/enrollment`, "routes/api/email.enrollment.ts", {
      id: `${language}/routes/api/email.enrollment`,
    }),
    route(`${language}/api/email/contact`, "routes/api/email.contact.ts", {
      id: `${language}/routes/api/email.contact`,
    }),
    route(`${language}/api/email/trial`, "routes/api/email.trial.ts", {
      id: `${language}/routes/api/email.trial`,
    }),
  ]),
  // The preview cards, in Vietnamese and under /en and /de in that language (ADR 030, 032).
  ...(["", ...translationLanguages.map((language) => `${language}/`)] as const).flatMap((prefix) => [
    route(`${prefix}og/courses/:slug.png`, "routes/api/og.course.ts", {
      id: `${prefix}routes/api/og.course`,
    }),
    route(`${prefix}og/blog/:slug.png`, "routes/api/og.post.ts", { id: `${prefix}routes/api/og.post` }),
    route(`${prefix}og/default.png`, "routes/api/og.default.ts", { id: `${prefix}routes/api/og.default` }),
  ]),
  route("newsletter/unsubscribe/one-click", "routes/api/newsletter.one-click.ts"),
  // @routes:api
] satisfies RouteConfig;
