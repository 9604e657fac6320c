// Closed sets of values from spec §3 and §5, shared by forms, actions, models and pages.

/** The six gradient pairs a course, team member or value is drawn with. */
export const colors = ["blue", "green", "purple", "orange", "red", "teal"] as const;
export type Color = (typeof colors)[number];

/** Levels on the public side (spec §2 Courses tiles) and in the admin form (A1 to C2). */
export const publicCourseLevels = ["A1", "A2", "B1", "B2"] as const;
export const courseLevels = ["A1", "A2", "B1", "B2", "C1", "C2"] as const;
export type CourseLevel = (typeof courseLevels)[number];

/** Value icons: the admin form's set plus "team" from the public reading (spec §3). */
export const adminValueIcons = ["heart", "book", "star", "check", "user", "award"] as const;
export const valueIcons = [...adminValueIcons, "team"] as const;
export type ValueIcon = (typeof valueIcons)[number];

export const blogCategories = [
  "tips",
  "b1-b2",
  "vocabulary",
  "culture",
  "success",
  "grammar",
  "pronunciation",
  "study-abroad",
] as const;
export type BlogCategory = (typeof blogCategories)[number];

/** spec §5 Enrolment choices. */
export const enrollmentSchedules = ["morning", "afternoon", "evening", "weekend", "flexible"] as const;
export const enrollmentExperiences = ["beginner", "basic", "intermediate", "advanced"] as const;
export const hearAboutSources = ["facebook", "google", "friend", "website", "other"] as const;
/** The course choice that is not a course: "Tư vấn chọn khóa phù hợp". */
export const CONSULTATION_COURSE = "consultation";

/** spec §5 Contact choices. */
export const contactSubjects = [
  "course-info",
  "pricing",
  "schedule",
  "level-test",
  "teaching-method",
  "certificate",
  "technical",
  "other",
] as const;
export const contactMethods = ["email", "phone", "zalo", "all"] as const;
/** spec §5: contactMethod defaults to email. */
export const DEFAULT_CONTACT_METHOD = "email" satisfies (typeof contactMethods)[number];

// The staff roles and what each may do: app/lib/permissions.ts (ADR 047).
export const userRoles = ["user", "admin", "consultant", "teacher", "editor"] as const;
export type UserRole = (typeof userRoles)[number];

/** spec §4: "If the document cannot be read, the role falls back to user." */
export function roleOf(value: unknown): UserRole {
  return (userRoles as readonly unknown[]).includes(value) ? (value as UserRole) : "user";
}

/** Mail outbox states. */
export const outboxStatuses = ["queued", "sent", "failed"] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/** Newsletter subscription states (double opt-in). */
export const newsletterStatuses = ["pending", "confirmed", "unsubscribed"] as const;
export type NewsletterStatus = (typeof newsletterStatuses)[number];
