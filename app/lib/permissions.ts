// Who on the staff may do what (issue 30, ADR 047): the one table every admin loader and action
// asks (through app/auth/staff-guard.server.ts), the sidebar shows, Settings › Users lists and
// the role × route × action test walks. Pure: the admin pages' components read it too.
import type { UserRole } from "~/schemas/domain";

export const staffRoles = ["admin", "consultant", "teacher", "editor"] as const;
export type StaffRole = (typeof staffRoles)[number];

export function isStaffRole(role: UserRole | "anonymous"): role is StaffRole {
  return (staffRoles as readonly string[]).includes(role);
}

/** What a member of staff may do, one name per kind of work in the panel. */
export const permissions = [
  // Enter the panel at all: its layout, one's own profile and two-step verification.
  "panel",
  // The dashboard: the day's counts, the latest enrolments and messages (names, contact details).
  "overview",
  "students",
  "messages",
  "payments",
  "trials",
  // The classes' list, rosters (contact details) and the mail to a class.
  "classes",
  // Create, change and delete classes; move learners between seats and the waitlist.
  "manage-classes",
  // Create and delete courses, their prices and whether they are offered.
  "manage-courses",
  // The courses' texts and their English and German versions.
  "course-texts",
  // The blog and its newsletter, the About page, the images and videos they show.
  "content",
  "placement",
  "analytics",
  // One's own classes as their teacher (an admin sees every class's).
  "workspace",
  "settings",
  // Erase a person's records (the enrolment's and the message's "delete record", Settings › Erase).
  "erase",
] as const;
export type Permission = (typeof permissions)[number];

const grants: Record<StaffRole, readonly Permission[]> = {
  admin: permissions,
  consultant: ["panel", "overview", "students", "messages", "payments", "trials", "classes", "analytics"],
  teacher: ["panel", "workspace"],
  editor: ["panel", "course-texts", "content", "placement"],
};

export function can(role: UserRole | "anonymous", permission: Permission): boolean {
  return isStaffRole(role) && grants[role].includes(permission);
}

export function permissionsOf(role: StaffRole): readonly Permission[] {
  return grants[role];
}

/** What an admin route asks of whoever opens it (`view`, its loader), posts to it without an
 * intent (`post`: an upload, a preview) or with one (`intents`, each its own permission). A
 * route may be opened with any of its `view` permissions. An intent not listed is refused. */
export interface RouteAccess {
  view: readonly Permission[];
  post?: Permission;
  intents?: Readonly<Record<string, Permission>>;
}

// One's own account: the learner's profile forms and the second factor's (ADR 012).
const ownAccount = {
  "update-profile": "panel",
  "change-password": "panel",
  "sign-out-others": "panel",
  "delete-account": "panel",
  "two-factor-start": "panel",
  "two-factor-confirm": "panel",
  "two-factor-off": "panel",
} as const;
const personalData = (work: Permission) => ({ "edit-personal": work, "delete-record": "erase" }) as const;

export const adminAccess = {
  "/admin": { view: ["overview"], post: "overview" },
  "/admin/students": {
    view: ["students"],
    intents: { status: "students", payment: "students", note: "students", ...personalData("students") },
  },
  "/admin/students/export.csv": { view: ["students"] },
  "/admin/courses": {
    view: ["manage-courses", "course-texts"],
    intents: {
      // An editor's save changes a saved course's texts alone; a new course needs "manage-courses".
      save: "course-texts",
      translate: "course-texts",
      // Restoring a revision (ADR 057) writes the course's texts, as a save does.
      "restore-revision": "course-texts",
      delete: "manage-courses",
      "toggle-active": "manage-courses",
    },
  },
  "/admin/placement-test": {
    view: ["placement"],
    intents: {
      save: "placement",
      delete: "placement",
      "toggle-active": "placement",
      "move-up": "placement",
      "move-down": "placement",
    },
  },
  "/admin/classes": {
    view: ["classes"],
    intents: { save: "manage-classes", translate: "manage-classes", delete: "manage-classes" },
  },
  "/admin/classes/seats": { view: ["manage-classes"], post: "manage-classes" },
  "/admin/classes/:id": { view: ["classes"], intents: { preview: "classes", "send-mail": "classes" } },
  "/admin/classes/:id/roster.csv": { view: ["classes"] },
  "/admin/classes/:id/certificates": { view: ["classes"] },
  "/admin/trials": {
    view: ["trials"],
    intents: {
      mark: "trials",
      note: "trials",
      cancel: "trials",
      convert: "trials",
      "save-session": "trials",
      "cancel-session": "trials",
      delete: "trials",
    },
  },
  // The teacher's workspace (issue 30): each class as its teacher sees it; which classes is the
  // model's rule (app/models/class-workspace.server.ts), the same for the page and its actions.
  "/admin/my-classes": { view: ["workspace"], intents: { "mark-trial": "workspace" } },
  "/admin/my-classes/:id": {
    view: ["workspace"],
    intents: {
      attendance: "workspace",
      "lesson-note": "workspace",
      "add-link": "workspace",
      "delete-material": "workspace",
      preview: "workspace",
      "send-mail": "workspace",
    },
  },
  "/admin/about": {
    view: ["content"],
    intents: {
      "save-info": "content",
      "translate-info": "content",
      "save-stats": "content",
      save: "content",
      translate: "content",
      delete: "content",
      toggle: "content",
    },
  },
  "/admin/posts": {
    view: ["content"],
    intents: {
      save: "content",
      translate: "content",
      "send-newsletter": "content",
      // ADR 053: restoring a revision is a save of the post.
      "restore-revision": "content",
      delete: "content",
      "toggle-published": "content",
      "toggle-featured": "content",
    },
  },
  // The media library (ADR 054): the images the content shows, so the content's permission.
  "/admin/media": { view: ["content"], intents: { save: "content", delete: "content" } },
  "/admin/media/picker": { view: ["content"] },
  "/admin/media/replace": { view: ["content"], post: "content" },
  "/admin/uploads": { view: ["content"], post: "content" },
  "/admin/uploads/video": { view: ["content"], post: "content" },
  "/admin/uploads/material": { view: ["workspace"], post: "workspace" },
  "/admin/payments": {
    view: ["payments"],
    intents: {
      save: "payments",
      "statement-upload": "payments",
      "statement-choose": "payments",
      "statement-columns": "payments",
      "statement-confirm": "payments",
      // A bank-notified transfer nothing matched (ADR 050): a consultant assigns it or closes it.
      "assign-transfer": "payments",
      "handle-transfer": "payments",
    },
  },
  "/admin/analytics": { view: ["analytics"], post: "analytics" },
  "/admin/messages": {
    view: ["messages"],
    intents: {
      reply: "messages",
      status: "messages",
      read: "messages",
      unread: "messages",
      ...personalData("messages"),
    },
  },
  "/admin/profile": { view: ["panel"], intents: ownAccount },
  "/admin/settings": {
    view: ["settings"],
    intents: {
      "save-contact": "settings",
      "save-contact-translation": "settings",
      "save-payment": "settings",
      "save-bank-feed": "settings",
      "save-home-video": "settings",
      "save-trial": "settings",
      "set-role": "settings",
      "retry-mail": "settings",
      "retry-all-mail": "settings",
      "invite-staff": "settings",
      "resend-invitation": "settings",
      "revoke-invitation": "settings",
      "link-teacher": "settings",
    },
  },
  "/admin/settings/newsletter.csv": { view: ["settings"] },
  "/admin/settings/audit": { view: ["settings"] },
  "/admin/settings/security": { view: ["settings"], post: "settings" },
  "/admin/settings/erase": { view: ["erase"], post: "erase" },
} as const satisfies Record<string, RouteAccess>;
export type AdminPath = keyof typeof adminAccess;

export function canView(role: UserRole | "anonymous", path: AdminPath): boolean {
  return (adminAccess[path] as RouteAccess).view.some((permission) => can(role, permission));
}

/** The sidebar's pages, in its order: where each role lands is the first it may open. */
export const sidebarPaths = [
  "/admin",
  "/admin/students",
  "/admin/courses",
  "/admin/classes",
  "/admin/my-classes",
  "/admin/placement-test",
  "/admin/trials",
  "/admin/about",
  "/admin/posts",
  "/admin/media",
  "/admin/payments",
  "/admin/analytics",
  "/admin/messages",
  "/admin/profile",
  "/admin/settings",
] as const satisfies readonly AdminPath[];
export type SidebarPath = (typeof sidebarPaths)[number];

/** Where a member of staff lands after signing in (and where a page they may not open sends
 * them): the first page of the sidebar they may open; their profile at the least. */
export function staffHome(role: StaffRole): AdminPath {
  return sidebarPaths.find((path) => canView(role, path)) ?? "/admin/profile";
}
