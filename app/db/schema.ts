// Drizzle tables for every entity of spec §3, plus the auth tables better-auth expects
// and the mail outbox. Column names in the database are snake_case; TypeScript names follow
// the spec's field names so that code reads like the specification.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { ContentTranslations } from "~/lib/content-language";

// spec §3 "Generic data helpers add createdAt and updatedAt when adding, and updatedAt when updating".
const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

const id = () => uuid("id").primaryKey().defaultRandom();

/** The English and German versions of a row's texts (ADR 032, app/lib/content-language.ts); the
 * Vietnamese original stays in the row's own columns. */
const translations = <Field extends string>() =>
  jsonb("translations").$type<ContentTranslations<Field>>().notNull().default({});

// A singleton document (about/info, stats/general, configs/contacts) is a table with exactly one row.
const singletonId = () => integer("id").primaryKey().default(1);

/* ---------------------------------------------------------------- accounts (better-auth) */

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  // spec §3 User document: displayName → name, photoURL → image (better-auth's names).
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: text("role").notNull().default("user"),
  // better-auth's two-factor plugin (ADR 012): on once the user has verified a TOTP code.
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  ...timestamps,
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

// better-auth's two-factor plugin: the TOTP secret and recovery codes (both encrypted by it).
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** The 30-second step of the last app code that signed in (ours, not better-auth's): a code
     * signs in once, and no earlier one after it (RFC 6238 §5.2). */
    lastUsedTotpStep: bigint("last_used_totp_step", { mode: "number" }),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);

export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/* ---------------------------------------------------------------- public submissions */

export const enrollments = pgTable(
  "enrollments",
  {
    id: id(),
    fullName: text("full_name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    // The level chosen ("b1") or "consultation" (spec §3); the course itself, when one was
    // chosen, is courseId (ADR 024: kept as null when the course is deleted).
    course: text("course").notNull(),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    schedule: text("schedule").notNull(),
    experience: text("experience"),
    goals: text("goals"),
    hearAbout: text("hear_about"),
    // spec §4: created with status "new", isProcessed false, paymentStatus "pending".
    status: text("status").notNull().default("new"),
    isProcessed: boolean("is_processed").notNull().default(false),
    paymentStatus: text("payment_status").notNull().default("pending"),
    // The class chosen (ADR 026), null for "no class yet – advise me". A class with
    // enrolments cannot be deleted, only cancelled.
    classId: uuid("class_id").references(() => courseClasses.id, { onDelete: "restrict" }),
    // Null: the enrolment holds a seat of its class (when it has one and is not cancelled).
    // A number: it is on the class's waitlist, ordered by this rank (gaps allowed; the
    // position shown is the count of waitlisted enrolments ranked before it, plus one).
    waitlistRank: integer("waitlist_rank"),
    // When a freed seat was given to this enrolment from the waitlist and the mail queued.
    seatOfferedAt: timestamp("seat_offered_at", { withTimezone: true }),
    // The account signed in when the enrolment was made; kept as null when the account goes.
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    // The transfer reference a learner writes in the bank transfer's note (ADR 028), e.g.
    // "LH7K2Q9X": "LH" and six characters without look-alikes (no 0/O, 1/I/L). The database
    // gives every enrolment one (new_payment_reference(), migration 0011).
    paymentReference: text("payment_reference").notNull().default(sql`new_payment_reference()`),
    // The fee due in VND, fixed when the learner enrols (the course's price then, less the
    // first-course discount when it applied); null for "advise me" and for enrolments made before
    // payments existed.
    paymentAmount: integer("payment_amount"),
    userAgent: text("user_agent"),
    language: text("language").notNull().default("vi"),
    ...timestamps,
  },
  (t) => [
    index("enrollments_created_at_idx").on(t.createdAt),
    // Seats held and the waitlist of one class.
    index("enrollments_class_idx").on(t.classId, t.waitlistRank),
    index("enrollments_user_id_idx").on(t.userId),
    index("enrollments_email_idx").on(sql`lower(${t.email})`),
    index("enrollments_status_idx").on(t.status, t.createdAt),
    // The admin's students list: the course filter and status + course, newest
    // first, and the list sorted by name; measured with 50,000 rows in `npm run bench`.
    index("enrollments_course_idx").on(t.course, t.createdAt),
    index("enrollments_status_course_idx").on(t.status, t.course, t.createdAt),
    index("enrollments_full_name_idx").on(t.fullName, t.id),
    // Deleting a course sets its enrolments' courseId to null: without an index each delete
    // would scan every enrolment.
    index("enrollments_course_id_idx").on(t.courseId),
    uniqueIndex("enrollments_payment_reference_idx").on(t.paymentReference),
  ],
);

// Money received for an enrolment (ADR 028): one row per payment, recorded by hand or from a
// bank statement line. The enrolment's paymentStatus becomes "paid" when one is recorded.
export const payments = pgTable(
  "payments",
  {
    id: id(),
    enrollmentId: uuid("enrollment_id")
      .notNull()
      .references(() => enrollments.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    paidOn: date("paid_on").notNull(),
    method: text("method").notNull(), // transfer | cash | card | other
    // The bank statement line it came from, when imported.
    statementLine: text("statement_line"),
    // The bank's notification it came from (issue 31), or that was found to be the same transfer
    // as this statement line: one transfer, one payment, whichever channel saw it first.
    bankNotificationId: uuid("bank_notification_id").references((): AnyPgColumn => bankNotifications.id, {
      onDelete: "set null",
    }),
    recordedById: text("recorded_by_id").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("payments_enrollment_idx").on(t.enrollmentId),
    uniqueIndex("payments_bank_notification_idx").on(t.bankNotificationId),
    index("payments_paid_on_idx").on(t.paidOn),
    check("payments_amount_positive", sql`${t.amount} > 0`),
    check("payments_method", sql`${t.method} in ('transfer', 'cash', 'card', 'other')`),
  ],
);

// A class of a course ("lịch khai giảng", ADR 026): it starts on a date, meets on fixed weekdays
// at fixed times in Vietnam time, and has at most 8 seats. Dates and times are stored as Vietnam
// local values (date, time without time zone), as the school states them; instants are derived
// with the Asia/Ho_Chi_Minh offset (+07:00, no daylight saving).
export const courseClasses = pgTable(
  "course_classes",
  {
    id: id(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "restrict" }),
    startsOn: date("starts_on").notNull(),
    // How long it runs: a number of sessions, or a last date, or both.
    sessionCount: smallint("session_count"),
    endsOn: date("ends_on"),
    // ISO weekdays, 1 = Monday … 7 = Sunday.
    weekdays: smallint("weekdays").array().notNull(),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
    teacherId: uuid("teacher_id").references(() => teamMembers.id, { onDelete: "set null" }),
    capacity: smallint("capacity").notNull().default(8),
    // Private: only in mails to the class's learners and in the admin, never on a public page.
    meetingUrl: text("meeting_url").notNull().default(""),
    note: text("note").notNull().default(""),
    // open | full | running | finished | cancelled
    status: text("status").notNull().default("open"),
    translations: translations<"note">(),
    ...timestamps,
  },
  (t) => [
    index("course_classes_course_idx").on(t.courseId, t.startsOn),
    index("course_classes_status_idx").on(t.status, t.startsOn),
    index("course_classes_teacher_idx").on(t.teacherId),
    check("course_classes_capacity", sql`${t.capacity} between 1 and 8`),
    check("course_classes_length", sql`${t.sessionCount} is not null or ${t.endsOn} is not null`),
    check(
      "course_classes_session_count",
      sql`${t.sessionCount} is null or ${t.sessionCount} between 1 and 500`,
    ),
    check("course_classes_ends_after_start", sql`${t.endsOn} is null or ${t.endsOn} >= ${t.startsOn}`),
    check(
      "course_classes_weekdays",
      sql`cardinality(${t.weekdays}) between 1 and 7 and ${t.weekdays} <@ '{1,2,3,4,5,6,7}'::smallint[]`,
    ),
    check("course_classes_times", sql`${t.endTime} > ${t.startTime}`),
    check("course_classes_status", sql`${t.status} in ('open', 'full', 'running', 'finished', 'cancelled')`),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    contactMethod: text("contact_method").notNull().default("email"),
    // spec §4: saved with status new and unread.
    status: text("status").notNull().default("new"),
    isRead: boolean("is_read").notNull().default(false),
    // Seconds from receipt to the first answer; empty until someone answers.
    responseTime: integer("response_time"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    language: text("language").notNull().default("vi"),
    ...timestamps,
  },
  (t) => [
    index("contact_messages_created_at_idx").on(t.createdAt),
    index("contact_messages_unread_idx").on(t.isRead, t.createdAt),
    // The admin inbox: filtered by status, newest first.
    index("contact_messages_status_idx").on(t.status, t.createdAt),
  ],
);

/* ---------------------------------------------------------------- content */

export const posts = pgTable(
  "posts",
  {
    id: id(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    excerpt: text("excerpt").notNull(),
    content: text("content").notNull(),
    category: text("category").notNull(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    thumbnail: text("thumbnail"),
    published: boolean("published").notNull().default(false),
    featured: boolean("featured").notNull().default(false),
    author: text("author").notNull(),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    readTime: integer("read_time").notNull().default(1),
    // spec §9: new post counters start at 0.
    views: integer("views").notNull().default(0),
    likes: integer("likes").notNull().default(0),
    comments: integer("comments").notNull().default(0),
    translations: translations<"title" | "slug" | "excerpt" | "content" | "tags">(),
    // Scheduled publishing (ADR 053): a published post with a publish_at still ahead is not public
    // until then (post-query's isPublished); the scheduled job clears it once it has passed.
    publishAt: timestamp("publish_at", { withTimezone: true }),
    // "Gửi bản tin khi đăng": the job sends the post's newsletter campaign once it is public.
    newsletterOnPublish: boolean("newsletter_on_publish").notNull().default(false),
    // Who scheduled it: the campaign the job sends is theirs.
    scheduledById: text("scheduled_by_id").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("posts_slug_idx").on(t.slug),
    // A translated post has an address of its own in that language: /en/blog/<its English slug>.
    uniqueIndex("posts_slug_en_idx").on(sql`(${t.translations} -> 'en' ->> 'slug')`),
    uniqueIndex("posts_slug_de_idx").on(sql`(${t.translations} -> 'de' ->> 'slug')`),
    index("posts_published_created_at_idx").on(t.published, t.createdAt),
    // The scheduled job's two questions (ADR 053), each over the few rows they concern.
    index("posts_publish_at_idx").on(t.publishAt).where(sql`${t.publishAt} is not null`),
    index("posts_newsletter_on_publish_idx").on(t.id).where(sql`${t.newsletterOnPublish}`),
  ],
);

/** A post as one save left it (ADR 053): its texts in every language, who saved and when. The
 * newest REVISIONS_KEPT (revision-history.server.ts) per post are kept; they go with the post. */
export const postRevisions = pgTable(
  "post_revisions",
  {
    id: id(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    excerpt: text("excerpt").notNull(),
    content: text("content").notNull(),
    category: text("category").notNull(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    thumbnail: text("thumbnail"),
    translations: translations<"title" | "slug" | "excerpt" | "content" | "tags">(),
    savedById: text("saved_by_id").references(() => user.id, { onDelete: "set null" }),
    // The name as it was: the revision still says who after the account is gone.
    savedByName: text("saved_by_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("post_revisions_post_id_created_at_idx").on(t.postId, t.createdAt)],
);

export const courses = pgTable(
  "courses",
  {
    id: id(),
    level: text("level").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    duration: text("duration").notNull(),
    lessons: text("lessons").notNull(),
    price: integer("price").notNull(),
    features: text("features").array().notNull().default(sql`'{}'::text[]`),
    color: text("color").notNull(),
    active: boolean("active").notNull().default(true),
    // The course's address, /courses/<slug> (ADR 052): made from the title by the database
    // (trigger courses_slugs, migration 0019) when it is left empty, as the demo seed and a new
    // course leave it; the English and German ones are `slug` in their translations.
    slug: text("slug").notNull().default(""),
    translations: translations<"title" | "slug" | "description" | "duration" | "lessons" | "features">(),
    // Scheduled opening (ADR 057): an open course with a publish_at still ahead is not public
    // until then (course.server's isCourseOpen); the scheduled job clears it once it has passed.
    publishAt: timestamp("publish_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("courses_price_nonnegative", sql`${t.price} >= 0`),
    index("courses_publish_at_idx").on(t.publishAt).where(sql`${t.publishAt} is not null`),
    // spec §9's slug rule: a-z, 0-9 and single hyphens inside.
    check("courses_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check(
      "courses_translated_slug_format",
      sql`coalesce(${t.translations} -> 'en' ->> 'slug', 'x') ~ '^[a-z0-9]+(-[a-z0-9]+)*$'
        and coalesce(${t.translations} -> 'de' ->> 'slug', 'x') ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`,
    ),
    uniqueIndex("courses_slug_idx").on(t.slug),
    uniqueIndex("courses_slug_en_idx").on(sql`(${t.translations} -> 'en' ->> 'slug')`),
    uniqueIndex("courses_slug_de_idx").on(sql`(${t.translations} -> 'de' ->> 'slug')`),
  ],
);

/** A course's texts as one save left them (ADR 057), as post_revisions keeps a post's: every
 * language, who saved and when; the newest REVISIONS_KEPT (revision-history.server.ts) per course are kept and go with it. */
export const courseRevisions = pgTable(
  "course_revisions",
  {
    id: id(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull(),
    duration: text("duration").notNull(),
    lessons: text("lessons").notNull(),
    features: text("features").array().notNull().default(sql`'{}'::text[]`),
    translations: translations<"title" | "slug" | "description" | "duration" | "lessons" | "features">(),
    savedById: text("saved_by_id").references(() => user.id, { onDelete: "set null" }),
    // The name as it was; empty for the texts a course had when its history began (migration 0022).
    savedByName: text("saved_by_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("course_revisions_course_id_created_at_idx").on(t.courseId, t.createdAt)],
);

/** A course's former addresses (ADR 052): the slug it had in a language before its title (or the
 * admin) changed it. /courses/<old slug> answers 301 to the current one, so a link shared in a
 * message keeps working. Written by the database when a slug changes (trigger courses_slugs). */
export const courseSlugHistory = pgTable(
  "course_slug_history",
  {
    slug: text("slug").notNull(),
    // vi, en or de: the address's language.
    language: text("language").notNull(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    // When the slug stopped being the course's address.
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.slug, t.language] }),
    index("course_slug_history_course_idx").on(t.courseId),
    check("course_slug_history_language", sql`${t.language} in ('vi', 'en', 'de')`),
  ],
);

export const contactConfig = pgTable("contact_config", {
  id: singletonId(),
  address: text("address").notNull().default(""),
  description: text("description").notNull().default(""),
  email: text("email").notNull().default(""),
  phone: text("phone").notNull().default(""),
  zalo: text("zalo").notNull().default(""),
  facebook: text("facebook").notNull().default(""),
  instagram: text("instagram").notNull().default(""),
  twitter: text("twitter").notNull().default(""),
  youtube: text("youtube").notNull().default(""),
  translations: translations<"description">(),
  ...timestamps,
});

export const aboutInfo = pgTable("about_info", {
  id: singletonId(),
  mission: text("mission").notNull().default(""),
  vision: text("vision").notNull().default(""),
  method: text("method").notNull().default(""),
  description: text("description").notNull().default(""),
  commitment: text("commitment").notNull().default(""),
  translations: translations<"mission" | "vision" | "method" | "description" | "commitment">(),
  ...timestamps,
});

// spec §3 Stats: all text ("3+", "800+", "95%", "4.9/5").
export const stats = pgTable("stats", {
  id: singletonId(),
  yearsActive: text("years_active"),
  totalStudents: text("total_students"),
  successRate: text("success_rate"),
  averageRating: text("average_rating"),
  ...timestamps,
});

export const teamMembers = pgTable("team_members", {
  id: id(),
  name: text("name").notNull(),
  role: text("role").notNull(),
  experience: text("experience").notNull(),
  education: text("education").notNull().default(""),
  certifications: text("certifications").array().notNull().default(sql`'{}'::text[]`),
  specialties: text("specialties").array().notNull().default(sql`'{}'::text[]`),
  achievements: text("achievements").notNull().default(""),
  avatar: text("avatar"),
  color: text("color").notNull().default("blue"),
  order: integer("order").notNull().default(1),
  active: boolean("active").notNull().default(true),
  translations: translations<
    "role" | "experience" | "education" | "certifications" | "specialties" | "achievements"
  >(),
  // The teacher's account (issue 30): the classes this member teaches are that account's
  // workspace. One account per member, one member per account.
  userId: text("user_id")
    .unique("team_members_user_unique")
    .references(() => user.id, { onDelete: "set null" }),
  ...timestamps,
});

export const coreValues = pgTable("core_values", {
  id: id(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  icon: text("icon").notNull().default("heart"),
  color: text("color").notNull().default("blue"),
  order: integer("order").notNull().default(1),
  translations: translations<"title" | "description">(),
  ...timestamps,
});

export const milestones = pgTable("milestones", {
  id: id(),
  year: text("year").notNull(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  order: integer("order").notNull().default(1),
  translations: translations<"title" | "description">(),
  ...timestamps,
});

export const testimonials = pgTable(
  "testimonials",
  {
    id: id(),
    name: text("name").notNull(),
    role: text("role").notNull(),
    content: text("content").notNull(),
    rating: integer("rating").notNull().default(5),
    result: text("result"),
    avatar: text("avatar"),
    featured: boolean("featured").notNull().default(false),
    order: integer("order").notNull().default(1),
    translations: translations<"role" | "content" | "result">(),
    ...timestamps,
  },
  (t) => [check("testimonials_rating_range", sql`${t.rating} between 1 and 5`)],
);

/* ---------------------------------------------------------------- mail */

/** An attachment as the outbox stores it: the bytes in base64. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  /** Set for a part the HTML shows inline (`<img src="cid:…">`). */
  cid?: string;
  contentBase64: string;
}

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: id(),
    // What the message is for (e.g. "enrollment-notification"), for the admin's outbox view.
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    status: text("status").notNull().default("queued"), // queued | sent | failed
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    // When this attempt's worker began handing the message to the mail server (ADR 038): a
    // message that has it, but no result once the lease is over, may have been delivered, so a
    // newsletter mail is not sent again (see app/mail/worker.server.ts).
    handedOverAt: timestamp("handed_over_at", { withTimezone: true }),
    // Set for a message that must be queued at most once whoever queues it (e.g. a class
    // reminder, "class-reminder:<class>:<enrolment>"): inserts use on conflict do nothing.
    onceKey: text("once_key"),
    // Extra header lines (e.g. List-Unsubscribe, RFC 8058), name → value.
    headers: jsonb("headers").$type<Record<string, string>>(),
    // Files sent with the message, e.g. the VietQR code shown inline (cid) in a confirmation.
    attachments: jsonb("attachments").$type<StoredAttachment[]>(),
    // The newsletter campaign this message belongs to, for its sent/failed counts.
    campaignId: uuid("campaign_id").references(() => newsletterCampaigns.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_campaign_idx").on(t.campaignId, t.status),
    uniqueIndex("email_outbox_once_key_idx").on(t.onceKey),
    // The admin's outbox view: newest first, optionally one status.
    index("email_outbox_created_at_idx").on(t.createdAt),
    index("email_outbox_status_created_at_idx").on(t.status, t.createdAt),
  ],
);

/* ---------------------------------------------------------------- abuse control */

// Fixed-window counters for public forms (per IP, per email…), shared by every app process.
export const requestLimits = pgTable("request_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

/* ---------------------------------------------------------------- blog extras */

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: id(),
    email: text("email").notNull(),
    status: text("status").notNull().default("pending"), // pending | confirmed | unsubscribed
    language: text("language").notNull().default("vi"),
    // Secret for the confirm and unsubscribe links (stored hashed would gain little: it only
    // confirms or cancels a subscription).
    token: text("token").notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_idx").on(t.email),
    uniqueIndex("newsletter_subscribers_token_idx").on(t.token),
  ],
);

// A post sent to the confirmed subscribers (ADR 028): at most one per post, so a second send
// is refused by the unique index. Its mails are outbox rows with its id.
export const newsletterCampaigns = pgTable(
  "newsletter_campaigns",
  {
    id: id(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    sentById: text("sent_by_id").references(() => user.id, { onDelete: "set null" }),
    recipientCount: integer("recipient_count").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("newsletter_campaigns_post_idx").on(t.postId)],
);

// One row per visitor per post per day: a view counts once a day per visitor (ADR 013).
export const postViews = pgTable(
  "post_views",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    visitor: text("visitor").notNull(), // a salted hash, never the raw IP
    day: text("day").notNull(), // YYYY-MM-DD
  },
  (t) => [uniqueIndex("post_views_unique_idx").on(t.postId, t.visitor, t.day)],
);

/* ---------------------------------------------------------------- school administration */

export const enrollmentNotes = pgTable(
  "enrollment_notes",
  {
    id: id(),
    enrollmentId: uuid("enrollment_id")
      .notNull()
      .references(() => enrollments.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    ...timestamps,
  },
  (t) => [index("enrollment_notes_enrollment_idx").on(t.enrollmentId, t.createdAt)],
);

export const messageReplies = pgTable(
  "message_replies",
  {
    id: id(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    outboxId: uuid("outbox_id").references(() => emailOutbox.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("message_replies_message_idx").on(t.messageId, t.createdAt)],
);

/* ---------------------------------------------------------------- security and privacy */

// School-wide settings that are not contact details: one row.
export const schoolSettings = pgTable(
  "school_settings",
  {
    id: singletonId(),
    // When on, every admin must set up a second factor before using the admin panel (ADR 012).
    requireAdminTwoFactor: boolean("require_admin_two_factor").notNull().default(false),
    // The home page's video: a YouTube video id, or "" for none (the hero then has no play button).
    homeVideo: text("home_video").notNull().default(""),
    // What a free trial lesson is (issue 29, ADR 046): "sessions" the school schedules for trial
    // learners, a seat in an upcoming session of a real "classes", or "both".
    trialOffer: text("trial_offer").notNull().default("sessions"),
    // How many trial learners one session of a real class takes beside its enrolled learners.
    trialClassSeats: smallint("trial_class_seats").notNull().default(2),
    ...timestamps,
  },
  (t) => [
    check("school_settings_trial_offer", sql`${t.trialOffer} in ('sessions', 'classes', 'both')`),
    check("school_settings_trial_class_seats", sql`${t.trialClassSeats} between 1 and 8`),
  ],
);

// How the school is paid (ADR 028): one row; with no bank or account nothing about payment is
// shown anywhere.
export const paymentSettings = pgTable("payment_settings", {
  id: singletonId(),
  // NAPAS BIN of the bank (6 digits), e.g. "970436" for Vietcombank.
  bankBin: text("bank_bin").notNull().default(""),
  accountNumber: text("account_number").notNull().default(""),
  accountHolder: text("account_holder").notNull().default(""),
  // Written before the reference in the transfer note, e.g. "HOCPHI" → "HOCPHI LH7K2Q9X".
  transferPrefix: text("transfer_prefix").notNull().default(""),
  // Whether the 10 % first-course discount the home page advertises is taken off the fee.
  firstCourseDiscount: boolean("first_course_discount").notNull().default(false),
  // The bank statement CSV's columns, as last chosen by an admin (header names).
  statementColumns: jsonb("statement_columns").$type<{ date: string; amount: string; description: string }>(),
  // Bank-transfer notifications (issue 31, ADR 050): which provider may post them ("" = off), how
  // SePay authenticates ("apikey" or "hmac"), the secret (AES-GCM under AUTH_SECRET, never shown
  // again but for its last four characters), and the account they apply to ("" = the account
  // above). The counter of refused posts makes a misconfigured secret obvious.
  bankFeedProvider: text("bank_feed_provider").notNull().default(""),
  bankFeedAuth: text("bank_feed_auth").notNull().default("apikey"),
  bankFeedSecret: text("bank_feed_secret").notNull().default(""),
  bankFeedSecretHint: text("bank_feed_secret_hint").notNull().default(""),
  bankFeedAccount: text("bank_feed_account").notNull().default(""),
  bankFeedRefused: integer("bank_feed_refused").notNull().default(0),
  bankFeedRefusedAt: timestamp("bank_feed_refused_at", { withTimezone: true }),
  ...timestamps,
});

// One transfer a bank-notification provider told us about (issue 31, ADR 050): stored before it
// is matched, unique per provider and the provider's transaction id, so a provider's retries and
// repeats find it and pay nothing twice. What it did: paid or partly paid an enrolment, was the
// same transfer a statement import had recorded ("settled"), waits in Payments' unmatched list
// with its reason, or was ignored (money going out, another account).
export const bankNotifications = pgTable(
  "bank_notifications",
  {
    id: id(),
    provider: text("provider").notNull(),
    transactionId: text("transaction_id").notNull(),
    accountNumber: text("account_number").notNull().default(""),
    direction: text("direction").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    content: text("content").notNull().default(""),
    // The bank's time of the transfer (Vietnam time as the provider writes it), when readable.
    transferredAt: timestamp("transferred_at", { withTimezone: true }),
    paidOn: date("paid_on").notNull(),
    outcome: text("outcome").notNull(),
    reason: text("reason"),
    enrollmentId: uuid("enrollment_id").references(() => enrollments.id, { onDelete: "set null" }),
    // For an unmatched transfer: a consultant assigned it to an enrolment, or marked it handled.
    resolution: text("resolution"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedById: text("resolved_by_id").references(() => user.id, { onDelete: "set null" }),
    resolutionNote: text("resolution_note"),
    // The body as the provider sent it (at most 64 KiB), for debugging and reconciliation.
    payload: jsonb("payload"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("bank_notifications_transaction_idx").on(t.provider, t.transactionId),
    index("bank_notifications_created_at_idx").on(t.createdAt),
    index("bank_notifications_open_idx")
      .on(t.createdAt)
      .where(sql`${t.outcome} = 'unmatched' and ${t.resolution} is null`),
    check("bank_notifications_provider", sql`${t.provider} in ('sepay', 'casso')`),
    check("bank_notifications_direction", sql`${t.direction} in ('in', 'out')`),
    check(
      "bank_notifications_outcome",
      sql`${t.outcome} in ('paid', 'partial', 'settled', 'unmatched', 'ignored')`,
    ),
    check(
      "bank_notifications_resolution",
      sql`${t.resolution} is null or ${t.resolution} in ('assigned', 'handled')`,
    ),
  ],
);

// Who changed what (ADR 014): one row per admin mutation, kept 24 months, never edited
// from the UI. Erasures of a person are recorded here too, with counts only —
// never the erased data. Actor columns are copied, not referenced: the entry outlives the user.
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    ip: text("ip"),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    action: text("action").notNull(),
    changedFields: text("changed_fields").array().notNull().default(sql`'{}'::text[]`),
    detail: jsonb("detail"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_entity_idx").on(t.entity, t.at),
    index("audit_log_actor_idx").on(t.actorId, t.at),
  ],
);

/* ---------------------------------------------------------------- uploaded images */

// PostgreSQL's binary type; node-postgres reads it as a Buffer.
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

// Uploaded images, in the database rather than DATA_DIR so that every instance on
// one PostgreSQL serves every image and backups hold them (ADR 020). One row per
// width; the name is the file name of the public URL /uploads/<name>, never reused for other
// bytes.
export const uploadedImages = pgTable(
  "uploaded_images",
  {
    name: text("name").primaryKey(),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    // Hex SHA-256 of data: the strong ETag, readable without the bytes.
    sha256: text("sha256").notNull(),
    data: bytea("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("uploaded_images_name", sql`${t.name} ~ '^[0-9a-f]{32}-[0-9]+\\.webp$'`)],
);

/** One uploaded image as the media library shows it (ADR 054): its widths are rows of
 * uploaded_images named `<key>-<width>.webp`; this row carries what the admin says about the image
 * (the alt text, per language) and when the nightly clean-up last found no content using it. */
export const mediaImages = pgTable(
  "media_images",
  {
    // A uuid like every admin entry, so that the library's dialogs and forms name it as the other
    // lists do; the key is what addresses and references carry.
    id: id(),
    key: text("key").notNull(),
    // The file's name on the admin's computer, for the library's search; never part of an address.
    originalName: text("original_name").notNull().default(""),
    alt: text("alt").notNull().default(""),
    // Of the widest variant; read by sharp at upload (images from before: when first listed).
    width: integer("width"),
    height: integer("height"),
    // Set by the reference sweep when no content uses the image, cleared when one does again:
    // the clean-up deletes images unused for MEDIA_CLEANUP_DAYS.
    unreferencedSince: timestamp("unreferenced_since", { withTimezone: true }),
    translations: translations<"alt">(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("media_images_key_idx").on(t.key),
    check("media_images_key_format", sql`${t.key} ~ '^[0-9a-f]{32}$'`),
    index("media_images_created_at_idx").on(t.createdAt),
    index("media_images_unreferenced_idx").on(t.unreferencedSince),
  ],
);

/* ---------------------------------------------------------------- uploaded videos */

// Uploaded MP4 videos (the home page's video, ADR 027), stored like images in the database so
// that every instance serves them and backups hold them. A video is split into chunks of
// VIDEO_CHUNK_BYTES, so that a Range request (a browser seeking) reads only the chunks it needs.
export const uploadedVideos = pgTable(
  "uploaded_videos",
  {
    // <32 hex>.mp4, the file name of the public URL /videos/<name>; never reused for other bytes.
    name: text("name").primaryKey(),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    chunkBytes: integer("chunk_bytes").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("uploaded_videos_name", sql`${t.name} ~ '^[0-9a-f]{32}\\.mp4$'`)],
);

export const uploadedVideoChunks = pgTable(
  "uploaded_video_chunks",
  {
    name: text("name")
      .notNull()
      .references(() => uploadedVideos.name, { onDelete: "cascade" }),
    // 0, 1, 2…: the chunk holds bytes [seq × chunk_bytes, (seq + 1) × chunk_bytes).
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.seq] })],
);

/* ---------------------------------------------------------------- placement test (issue 29) */

// The placement test's question bank: German questions from A1 to B2, edited by the school. The
// answers never leave the server (app/models/placement-test.server.ts).
export const placementQuestions = pgTable(
  "placement_questions",
  {
    id: id(),
    level: text("level").notNull(),
    skill: text("skill").notNull(),
    kind: text("kind").notNull(),
    prompt: text("prompt").notNull(),
    // "choice": its options; "cloze": none.
    options: text("options").array().notNull().default(sql`'{}'::text[]`),
    // "choice": the right option; "cloze": every accepted word.
    answers: text("answers").array().notNull(),
    // Why, in Vietnamese; English and German in translations.
    explanation: text("explanation").notNull().default(""),
    translations: translations<"explanation">(),
    // The bank's order: a test asks the first questions of each level.
    position: integer("position").notNull(),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check("placement_questions_level", sql`${t.level} in ('A1', 'A2', 'B1', 'B2')`),
    check("placement_questions_skill", sql`${t.skill} in ('grammar', 'vocabulary', 'reading')`),
    check(
      "placement_questions_kind",
      sql`(${t.kind} = 'choice' and cardinality(${t.options}) between 2 and 6 and cardinality(${t.answers}) = 1
            and ${t.answers}[1] = any(${t.options}))
        or (${t.kind} = 'cloze' and cardinality(${t.options}) = 0 and cardinality(${t.answers}) >= 1)`,
    ),
    index("placement_questions_order_idx").on(t.level, t.position),
  ],
);

// One taken test. Started when the learner begins (its token in the address), answered once:
// `submitted_at` is set by the one submission that counts. Personal data once it names a person
// (email, phone): covered by erasure and retention.
export const placementAttempts = pgTable(
  "placement_attempts",
  {
    id: id(),
    // SHA-256 (hex) of the attempt's secret, which is in the test's address only: a copy of the
    // database does not open anyone's test.
    tokenHash: text("token_hash").notNull().unique(),
    // The questions asked, in order (ids of placement_questions; a question deleted later leaves
    // its id here, and its answer still counts as it was scored).
    questionIds: uuid("question_ids").array().notNull(),
    language: text("language").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    // What was answered, by question id, and the result (app/lib/placement-test.ts).
    answers: jsonb("answers").$type<Record<string, string>>(),
    byLevel: jsonb("by_level").$type<Record<string, { right: number; asked: number }>>(),
    reachedLevel: text("reached_level"),
    startLevel: text("start_level"),
    // Left by the learner to receive the result, or to be called back.
    email: text("email"),
    phone: text("phone"),
    name: text("name"),
  },
  (t) => [
    check(
      "placement_attempts_result",
      sql`(${t.submittedAt} is null) = (${t.answers} is null and ${t.startLevel} is null)`,
    ),
    index("placement_attempts_started_idx").on(t.startedAt),
    index("placement_attempts_email_idx").on(sql`lower(${t.email})`),
  ],
);

/* ---------------------------------------------------------------- free trial lessons (issue 29) */

// A trial lesson the school schedules (ADR 046): a time in Vietnam, a teacher, a number of seats
// and the meeting link (private: in the reminder mail and the admin only).
export const trialSessions = pgTable(
  "trial_sessions",
  {
    id: id(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    durationMinutes: smallint("duration_minutes").notNull().default(60),
    teacherId: uuid("teacher_id").references(() => teamMembers.id, { onDelete: "set null" }),
    capacity: smallint("capacity").notNull().default(6),
    meetingUrl: text("meeting_url").notNull().default(""),
    // Cancelled sessions are no longer offered; their bookings stay (and are told).
    cancelled: boolean("cancelled").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index("trial_sessions_starts_idx").on(t.startsAt),
    check("trial_sessions_capacity", sql`${t.capacity} between 1 and 30`),
    check("trial_sessions_duration", sql`${t.durationMinutes} between 15 and 240`),
  ],
);

// A booked trial lesson: in a trial session, or in one session (its start) of a real class.
// Personal data: covered by erasure and retention.
export const trialBookings = pgTable(
  "trial_bookings",
  {
    id: id(),
    trialSessionId: uuid("trial_session_id").references(() => trialSessions.id, { onDelete: "restrict" }),
    classId: uuid("class_id").references(() => courseClasses.id, { onDelete: "restrict" }),
    // The lesson's start and end: a session's own (kept in step when the school moves it), or
    // the class's session on that day.
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    fullName: text("full_name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    // The level the learner thinks they have ("a1"…"b2", or "beginner").
    level: text("level").notNull(),
    language: text("language").notNull().default("vi"),
    // Where the learner came from (the funnel's "per source"): placement-test, home, courses…
    source: text("source").notNull().default("direct"),
    // booked | cancelled | attended | no-show
    status: text("status").notNull().default("booked"),
    note: text("note").notNull().default(""),
    // The enrolment an attended trial was turned into.
    enrollmentId: uuid("enrollment_id").references(() => enrollments.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    check("trial_bookings_slot", sql`(${t.trialSessionId} is null) <> (${t.classId} is null)`),
    check("trial_bookings_status", sql`${t.status} in ('booked', 'cancelled', 'attended', 'no-show')`),
    check("trial_bookings_times", sql`${t.endsAt} > ${t.startsAt}`),
    index("trial_bookings_starts_idx").on(t.startsAt),
    index("trial_bookings_session_idx").on(t.trialSessionId),
    index("trial_bookings_class_idx").on(t.classId, t.startsAt),
    index("trial_bookings_email_idx").on(sql`lower(${t.email})`),
    index("trial_bookings_user_idx").on(t.userId),
    index("trial_bookings_created_idx").on(t.createdAt),
    index("trial_bookings_enrollment_idx").on(t.enrollmentId),
  ],
);

/* ---------------------------------------------------------------- staff (issue 30) */

// An invitation to join the staff with a role (ADR 047): a single-use link, valid until
// expires_at, that lets the person set their password. Only the token's SHA-256 is kept.
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: id(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role").notNull(),
    // The language of the mail and of the page the link opens.
    language: text("language").notNull().default("vi"),
    tokenHash: text("token_hash").notNull().unique("staff_invitations_token_unique"),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    // The account the invitation made (or gave the role to).
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    check("staff_invitations_role", sql`${t.role} in ('admin', 'consultant', 'teacher', 'editor')`),
    // One pending invitation per address: a second one is a re-send of the first.
    uniqueIndex("staff_invitations_pending_email")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

/* ---------------------------------------------------------------- a class's life (issue 30) */

// One session of a class (a day of its schedule, app/lib/trial-lesson.ts classMeetingDays) as
// its teacher records it: what was covered and the homework.
export const classLessons = pgTable(
  "class_lessons",
  {
    id: id(),
    classId: uuid("class_id")
      .notNull()
      .references(() => courseClasses.id, { onDelete: "cascade" }),
    // The session's calendar day in Vietnam.
    day: date("day", { mode: "string" }).notNull(),
    covered: text("covered").notNull().default(""),
    homework: text("homework").notNull().default(""),
    ...timestamps,
  },
  (t) => [uniqueIndex("class_lessons_class_day").on(t.classId, t.day)],
);

// A learner's attendance at one session: one row per enrolment and day.
export const classAttendance = pgTable(
  "class_attendance",
  {
    id: id(),
    classId: uuid("class_id")
      .notNull()
      .references(() => courseClasses.id, { onDelete: "cascade" }),
    enrollmentId: uuid("enrollment_id")
      .notNull()
      .references(() => enrollments.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    // present | late | absent | excused
    status: text("status").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("class_attendance_enrollment_day").on(t.enrollmentId, t.day),
    index("class_attendance_class_day").on(t.classId, t.day),
    check("class_attendance_status", sql`${t.status} in ('present', 'late', 'absent', 'excused')`),
  ],
);

// A material shared with a class: a link, or a file kept in the database like images (ADR 020)
// so that every instance serves it and backups hold it. Served only to the class's learners and
// to staff who may see the class.
export const classMaterials = pgTable(
  "class_materials",
  {
    id: id(),
    classId: uuid("class_id")
      .notNull()
      .references(() => courseClasses.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    url: text("url"),
    fileName: text("file_name"),
    contentType: text("content_type"),
    byteSize: integer("byte_size"),
    data: bytea("data"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("class_materials_class_idx").on(t.classId, t.createdAt),
    check("class_materials_kind", sql`(${t.url} is null) <> (${t.data} is null)`),
  ],
);
