import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect, useLocation } from "react-router";
import { staffForm, staffOnly } from "~/auth/staff-guard.server";
import type { AdminHandle } from "~/components/admin/admin-page";
import { DoneNotice } from "~/components/admin/dialog";
import { pageParam } from "~/components/admin/pagination";
import { PrivacyLinks } from "~/components/admin/privacy-links";
import {
  type BankFeedView,
  RECENT_NOTIFICATIONS_LIMIT,
  SAVE_BANK_FEED_INTENT,
} from "~/components/admin/settings/bank-feed-section";
import { ContactTab, SAVE_CONTACT_TRANSLATION_INTENT } from "~/components/admin/settings/contact-tab";
import { HomeVideoSection } from "~/components/admin/settings/home-video-section";
import { NewsletterTab } from "~/components/admin/settings/newsletter-tab";
import { OutboxTab } from "~/components/admin/settings/outbox-tab";
import { PaymentTab } from "~/components/admin/settings/payment-tab";
import { SAVE_TRIAL_SETTINGS_INTENT, TrialTab } from "~/components/admin/settings/trial-tab";
import { UsersTab } from "~/components/admin/settings/users-tab";
import { useKeptActionData } from "~/components/live-updates";
import { useTranslation } from "~/i18n/react";
import { editLanguageFromUrl } from "~/lib/content-language";
import { log } from "~/lib/log.server";
import { listOutbox } from "~/mail/outbox.server";
import { retryAllFailedMail, retryMail } from "~/mail/worker.server";
import { type BankFeed, readBankFeed, saveBankFeed } from "~/models/bank-feed.server";
import { listRecentNotifications } from "~/models/bank-notification.server";
import {
  getContactConfig,
  getContactTranslations,
  saveContactTranslation,
  updateContactConfig,
} from "~/models/contact-config.server";
import { getHomeVideo, setHomeVideo } from "~/models/home-video.server";
import { listNewsletterSubscribers } from "~/models/newsletter.server";
import { listNewsletterCampaigns } from "~/models/newsletter-campaign.server";
import {
  getPaymentSettings,
  updatePaymentSettings,
  vietQrBankBins,
  vietQrBanks,
} from "~/models/payment-settings.server";
import {
  inviteStaff,
  listInvitations,
  resendInvitation,
  revokeInvitation,
} from "~/models/staff-invitation.server";
import { linkTeacherAccount, listTeamMemberLinks } from "~/models/teacher-account.server";
import { getTrialSettings, updateTrialSettings } from "~/models/trial-lesson.server";
import { LastAdminError, listUsers, setUserRole } from "~/models/user.server";
import {
  actionFailed,
  backToList,
  formId,
  saveForm,
  unknownIntent,
  writeFailed,
} from "~/requests/admin-action.server";
import { parseFormSubmission } from "~/requests/form-echo.server";
import { bankFeedSettingsSchema } from "~/schemas/bank-feed";
import { newsletterStatuses, outboxStatuses } from "~/schemas/domain";
import { paymentSettingsSchema } from "~/schemas/payment";
import {
  contactConfigSchema,
  contactDescriptionTranslationSchema,
  homeVideoSchema,
  LINK_TEACHER_INTENT,
  roleChangeSchema,
  teacherLinkSchema,
} from "~/schemas/settings";
import {
  INVITE_STAFF_INTENT,
  inviteStaffSchema,
  RESEND_INVITATION_INTENT,
  REVOKE_INVITATION_INTENT,
} from "~/schemas/staff-invitation";
import { trialSettingsSchema } from "~/schemas/trial-admin";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/settings";

export const handle: AdminHandle = {
  // "payments": every bank notification and a saved feed, so the payment tab's log stays current.
  liveTopics: ["contacts", "users", "outbox", "newsletter", "payments"],
};

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin:pages.settings");

const tabs = ["contact", "payment", "home", "trial", "users", "outbox", "newsletter"] as const;

/** What the page may know of the bank feed: named field by field, so that the credentials (the
 * secret in the clear) never reach it, whatever the model's record comes to hold. */
function bankFeedView(feed: BankFeed): BankFeedView {
  return {
    provider: feed.provider,
    auth: feed.auth,
    secretHint: feed.secretHint,
    accountSetting: feed.accountSetting,
    fromEnvironment: feed.fromEnvironment,
    refused: feed.refused,
    refusedAt: feed.refusedAt,
  };
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.includes(value as T) ? (value as T) : undefined;
}

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin/settings");
  const { db } = args.context;
  const url = new URL(args.request.url);
  const tab = oneOf(tabs, url.searchParams.get("tab")) ?? "contact";
  const page = pageParam(url);
  switch (tab) {
    case "contact": {
      const [contact, translations] = await Promise.all([getContactConfig(db), getContactTranslations(db)]);
      return { tab, contact: contact ?? null, translations };
    }
    case "payment": {
      const [payment, bankFeed, notifications] = await Promise.all([
        getPaymentSettings(db),
        readBankFeed(db, args.context.config),
        listRecentNotifications(db, RECENT_NOTIFICATIONS_LIMIT),
      ]);
      return {
        tab,
        payment,
        banks: vietQrBanks,
        bankFeed: bankFeedView(bankFeed),
        notifications,
        // The address the provider posts to, as the world reaches this site.
        webhookBase: args.context.config.APP_URL || url.origin,
      };
    }
    case "home":
      return { tab, homeVideo: await getHomeVideo(db) };
    case "trial":
      return { tab, trial: await getTrialSettings(db) };
    case "users": {
      const query = url.searchParams.get("q")?.slice(0, 100) ?? "";
      const [users, invitations, teamMembers] = await Promise.all([
        listUsers(db, { query, page }),
        listInvitations(db),
        listTeamMemberLinks(db),
      ]);
      return { tab, query, users, invitations, teamMembers };
    }
    case "outbox": {
      const status = oneOf(outboxStatuses, url.searchParams.get("status"));
      return { tab, status, outbox: await listOutbox(db, { status, page }) };
    }
    case "newsletter": {
      const status = oneOf(newsletterStatuses, url.searchParams.get("status"));
      const [subscribers, campaigns] = await Promise.all([
        listNewsletterSubscribers(db, { status, page }),
        listNewsletterCampaigns(db),
      ]);
      return { tab, status, subscribers, campaigns };
    }
  }
}

export async function action(args: Route.ActionArgs) {
  const { staff: admin, formData, intent } = await staffForm(args, "/admin/settings");
  const { request, context } = args;

  if (intent === "save-contact") {
    const submission = parseWithZod(formData, { schema: contactConfigSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const value = submission.value;
    try {
      await updateContactConfig(context.db, {
        address: value.address ?? "",
        description: value.description ?? "",
        email: value.email ?? "",
        phone: value.phone ?? "",
        zalo: value.zalo ?? "",
        facebook: value.facebook ?? "",
        instagram: value.instagram ?? "",
        twitter: value.twitter ?? "",
        youtube: value.youtube ?? "",
      });
    } catch (error) {
      return writeFailed(submission, "admin:errors.save", error);
    }
    log().info({ by: admin.email }, "admin: contact details changed");
    backToList(request, "saved");
  }

  // The description's English or German version: that language alone, never the details.
  if (intent === SAVE_CONTACT_TRANSLATION_INTENT) {
    return saveForm(request, formData, contactDescriptionTranslationSchema, ({ language, ...version }) =>
      saveContactTranslation(context.db, language, version),
    );
  }

  if (intent === "save-payment") {
    return saveForm(request, formData, paymentSettingsSchema(vietQrBankBins), async (value) => {
      await updatePaymentSettings(context.db, value);
      log().info({ by: admin.email, bank: value.bankBin }, "admin: payment settings changed");
    });
  }

  // Bank-transfer notifications (ADR 050). Parsed and answered like a section's save (saveForm),
  // except that no answer carries the secret back to the page, not even the one just typed (as
  // the sign-in pages do with passwords).
  if (intent === SAVE_BANK_FEED_INTENT) {
    const parsed = parseFormSubmission(formData, bankFeedSettingsSchema);
    const submission = {
      reply: (options: Parameters<typeof parsed.reply>[0] = {}) =>
        parsed.reply({ ...options, hideFields: ["secret"] }),
    };
    if (parsed.status !== "success") return data(submission.reply(), { status: 400 });
    // With SEPAY_API_KEY set, saveBankFeed stores the account only (the environment decides the
    // provider and its key).
    let outcome: Awaited<ReturnType<typeof saveBankFeed>>;
    try {
      outcome = await saveBankFeed(context.db, context.config, parsed.value);
    } catch (error) {
      return writeFailed(submission, "admin:errors.save", error);
    }
    if (outcome === "needsSecret")
      return data(
        submission.reply({ fieldErrors: { secret: ["admin-settings:bankFeed.errors.needsSecret"] } }),
        { status: 400 },
      );
    log().info(
      {
        by: admin.email,
        provider: context.config.SEPAY_API_KEY ? "sepay (environment)" : parsed.value.provider || "off",
        auth: parsed.value.auth,
        newSecret: !context.config.SEPAY_API_KEY && parsed.value.secret !== "",
      },
      "admin: bank notifications set",
    );
    backToList(request, "saved");
  }

  if (intent === "save-home-video") {
    return saveForm(request, formData, homeVideoSchema, async ({ video = "" }) => {
      if (!(await setHomeVideo(context.db, video))) {
        return { fieldErrors: { video: ["admin-settings:video.errors.missing"] } };
      }
      log().info({ video, by: admin.email }, "admin: home page video set");
    });
  }

  // What a free trial lesson is (ADR 046): /trial offers its slots by it.
  if (intent === SAVE_TRIAL_SETTINGS_INTENT) {
    return saveForm(request, formData, trialSettingsSchema, async (value) => {
      await updateTrialSettings(context.db, value);
      log().info({ by: admin.email, offer: value.offer }, "admin: trial settings changed");
    });
  }

  if (intent === "set-role") {
    const submission = parseWithZod(formData, { schema: roleChangeSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const { userId, role, confirmed } = submission.value;
    // Demoting yourself locks you out of the admin at once: the page asks first.
    if (userId === admin.id && role !== "admin" && !confirmed) return { confirmDemotion: { userId, role } };
    try {
      await setUserRole(context.db, userId, role);
    } catch (error) {
      if (error instanceof LastAdminError)
        return data(submission.reply({ formErrors: ["admin-settings:users.lastAdmin"] }), { status: 409 });
      return writeFailed(submission, "admin:errors.save", error);
    }
    log().info(
      { user: submission.value.userId, role: submission.value.role, by: admin.email },
      "admin: role set",
    );
    backToList(request, "saved");
  }

  // Invitations to the staff (issue 30): the mail goes with the invitation, in its language.
  if (intent === INVITE_STAFF_INTENT) {
    const submission = parseFormSubmission(formData, inviteStaffSchema);
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const { intent: _, ...values } = submission.value;
    try {
      const outcome = await inviteStaff(context.db, context.config.APP_URL, {
        ...values,
        invitedBy: admin.id,
      });
      if (!outcome.ok) {
        const message = outcome.reason === "pending" ? "errors.pending" : "errors.alreadyStaff";
        return data(submission.reply({ fieldErrors: { email: [`staff-invitation:${message}`] } }), {
          status: 409,
        });
      }
    } catch (error) {
      return writeFailed(submission, "admin:errors.save", error);
    }
    log().info({ email: values.email, role: values.role, by: admin.email }, "admin: staff invited");
    backToList(request, "saved");
  }

  if (intent === RESEND_INVITATION_INTENT || intent === REVOKE_INVITATION_INTENT) {
    const id = formId(formData);
    try {
      const done =
        intent === RESEND_INVITATION_INTENT
          ? await resendInvitation(context.db, context.config.APP_URL, id)
          : await revokeInvitation(context.db, id);
      if (!done)
        return data({ status: "error", error: { "": ["staff-invitation:errors.notPending"] } } as const, {
          status: 409,
        });
    } catch (error) {
      return actionFailed("admin:errors.save", error);
    }
    log().info(
      { invitation: id, by: admin.email },
      `admin: invitation ${intent === RESEND_INVITATION_INTENT ? "sent again" : "revoked"}`,
    );
    backToList(request, "saved");
  }

  if (intent === LINK_TEACHER_INTENT) {
    const submission = parseWithZod(formData, { schema: teacherLinkSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const { userId, teamMemberId } = submission.value;
    const outcome = await linkTeacherAccount(context.db, userId, teamMemberId || null);
    if (outcome !== "linked")
      return data(submission.reply({ formErrors: [`admin-settings:users.teacherLink.${outcome}`] }), {
        status: outcome === "not-found" ? 404 : 409,
      });
    backToList(request, "saved");
  }

  if (intent === "retry-mail") {
    const id = formId(formData);
    try {
      if (!(await retryMail(context.db, id)))
        return data({ status: "error", error: { "": ["admin-settings:outbox.notFailed"] } }, { status: 409 });
    } catch (error) {
      return actionFailed("admin:errors.save", error);
    }
    backToList(request, "saved");
  }

  if (intent === "retry-all-mail") {
    try {
      const requeued = await retryAllFailedMail(context.db);
      log().info({ requeued, by: admin.email }, "admin: every failed mail queued again");
      return redirect(`/admin/settings?tab=outbox&requeued=${requeued}`);
    } catch (error) {
      return actionFailed("admin:errors.save", error);
    }
  }
  unknownIntent();
}

export default function AdminSettings({ loaderData, actionData: freshActionData }: Route.ComponentProps) {
  // What the last action answered stays while a live update reloads the page.
  const actionData = useKeptActionData(freshActionData);
  const { t } = useTranslation("admin-settings");
  const location = useLocation();
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">{t("title")}</h1>
      <nav aria-label={t("tabs.label")} className="flex flex-wrap gap-2 border-b border-slate-200 pb-3">
        {tabs.map((tab) => (
          <Link
            key={tab}
            to={`${location.pathname}?tab=${tab}`}
            aria-current={loaderData.tab === tab ? "page" : undefined}
            className={`rounded-lg px-4 py-2 text-sm font-semibold ${
              loaderData.tab === tab
                ? "bg-blue-700 text-white"
                : "bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            }`}
          >
            {t(`tabs.${tab}`)}
          </Link>
        ))}
        <PrivacyLinks />
        <Link
          to="/admin/settings/security"
          className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          {t("security.link")}
        </Link>
      </nav>
      <DoneNotice />
      {loaderData.tab === "contact" && (
        <ContactTab
          contact={loaderData.contact}
          translations={loaderData.translations}
          language={editLanguageFromUrl(location.search)}
          lastResult={actionData}
        />
      )}
      {loaderData.tab === "payment" && (
        <PaymentTab
          settings={loaderData.payment}
          banks={loaderData.banks}
          bankFeed={loaderData.bankFeed}
          notifications={loaderData.notifications}
          webhookBase={loaderData.webhookBase}
          lastResult={actionData}
        />
      )}
      {loaderData.tab === "home" && <HomeVideoSection video={loaderData.homeVideo} lastResult={actionData} />}
      {loaderData.tab === "trial" && <TrialTab settings={loaderData.trial} lastResult={actionData} />}
      {loaderData.tab === "users" && (
        <UsersTab
          query={loaderData.query}
          users={loaderData.users}
          invitations={loaderData.invitations}
          teamMembers={loaderData.teamMembers}
          lastResult={actionData}
        />
      )}
      {loaderData.tab === "outbox" && (
        <OutboxTab status={loaderData.status} outbox={loaderData.outbox} lastResult={actionData} />
      )}
      {loaderData.tab === "newsletter" && (
        <NewsletterTab
          status={loaderData.status}
          subscribers={loaderData.subscribers}
          campaigns={loaderData.campaigns}
        />
      )}
    </div>
  );
}
