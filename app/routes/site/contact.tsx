import { ChevronDown, Clock, HelpCircle, Mail, MapPin, MessageCircle, Phone } from "lucide-react";
import { isRouteErrorResponse } from "react-router";
import { formPrefill } from "~/auth/session.server";
import { type RouteHandle, useKeptActionData } from "~/components/live-updates";
import { ContactForm, type ContactRecap, ContactSuccess } from "~/components/site/contact-form";
import { ErrorPage } from "~/components/site/error-page";
import { PublicFormCard } from "~/components/site/public-form";
import { PageHero, SideCard, TickList } from "~/components/site/sections";
import { SocialIcon, socialNetworks } from "~/components/site/social-icons";
import { useTranslation } from "~/i18n/react";
import { telHref, zaloHref } from "~/lib/contact-links";
import { formatPriceVnd } from "~/lib/format";
import { submitContactMessage } from "~/models/contact-message.server";
import { listEnrollmentCourses } from "~/models/enrollment.server";
import { offerFormTicket } from "~/models/public-submission.server";
import { getSchoolContact } from "~/models/school-contact.server";
import { formPageAction } from "~/requests/public-form.server";
import { contactMessageSchema } from "~/schemas/contact-message";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "contact:meta");

export const handle: RouteHandle = { liveTopics: ["contacts", "courses"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const [contact, courses, prefill] = await Promise.all([
    getSchoolContact(context.db),
    listEnrollmentCourses(context.db),
    formPrefill(request, context),
  ]);
  return {
    contact,
    prices: courses.map(({ level, price }) => ({ level, price })),
    ticket: offerFormTicket(context),
    prefill,
  };
}

export const action = formPageAction({
  submit: submitContactMessage,
  genericError: "contact:errors.generic",
  schema: contactMessageSchema,
  recap: ["email", "phone", "contactMethod"],
});

/** spec §9 opening hours. */
const openingHours = [
  { key: "weekdays", hours: "8:00-21:00" },
  { key: "weekend", hours: "9:00-18:00" },
  { key: "holidays", hours: "10:00-16:00" },
] as const;

const extras = ["consultation", "levelTest", "trial", "classSize"] as const;
const faqs = ["price", "levels", "trial", "schedule", "certificates", "online", "missed"] as const;

export default function ContactPage({ loaderData, actionData: freshActionData }: Route.ComponentProps) {
  // What the last action answered stays while a live update reloads the page.
  const actionData = useKeptActionData(freshActionData);
  const { t } = useTranslation("contact");
  const { contact } = loaderData;
  const socials = socialNetworks.filter((network) => contact[network.key]);

  // A detail the admin cleared is not shown.
  const cards = (
    [
      {
        key: "phone",
        Icon: Phone,
        value: contact.phone,
        href: telHref(contact.phone),
      },
      { key: "email", Icon: Mail, value: contact.email, href: `mailto:${contact.email}` },
      {
        key: "zalo",
        Icon: MessageCircle,
        value: contact.zalo,
        href: zaloHref(contact.zalo),
      },
      { key: "address", Icon: MapPin, value: contact.address, href: undefined },
    ] as const
  ).filter((card) => card.value);

  return (
    <main id="main">
      <PageHero size="compact" title={t("hero.title")} lead={t("hero.subtitle")}>
        {/* The spec's FAQ button did nothing; here it leads to the answers below. */}
        <a
          href="#faq"
          className="mt-6 inline-flex items-center gap-2 rounded-lg border border-blue-700 px-5 py-2.5 font-semibold text-blue-800 hover:bg-blue-50"
        >
          <HelpCircle aria-hidden="true" className="size-5" />
          {t("faq.button")}
        </a>
      </PageHero>

      <ul
        className="mx-auto grid max-w-6xl gap-4 px-4 sm:grid-cols-2 lg:grid-cols-4"
        data-testid="contact-cards"
      >
        {cards.map(({ key, Icon, value, href }) => (
          <li
            key={key}
            className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:block"
          >
            <Icon aria-hidden="true" className="size-8 shrink-0 text-blue-700" />
            <div className="min-w-0">
              <h2 className="font-bold text-slate-900 sm:mt-3">{t(`cards.${key}.title`)}</h2>
              <p className="text-sm text-slate-600">{t(`cards.${key}.text`)}</p>
              {href ? (
                <a
                  href={href}
                  className="mt-2 block font-semibold break-words text-blue-800 hover:underline"
                  {...(key === "zalo" && { target: "_blank", rel: "noopener noreferrer" })}
                >
                  {value}
                </a>
              ) : (
                <p className="mt-2 font-semibold text-slate-900">{value}</p>
              )}
            </div>
          </li>
        ))}
      </ul>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 lg:grid-cols-3">
        <PublicFormCard<ContactRecap>
          id="contact"
          title={t("form.title")}
          actionData={actionData}
          form={({ lastResult, onSent }) => (
            <ContactForm
              lastResult={lastResult}
              ticket={loaderData.ticket}
              onSent={onSent}
              prefill={loaderData.prefill}
            />
          )}
          success={(sent, again) => <ContactSuccess sent={sent} phone={contact.phone} onAgain={again} />}
        />
        <aside className="space-y-6">
          <SideCard
            id="hours-title"
            title={t("hours.title")}
            icon={<Clock aria-hidden="true" className="size-5 text-blue-700" />}
            className="bg-slate-50 p-6 text-slate-900"
          >
            <dl className="mt-4 space-y-2">
              {openingHours.map(({ key, hours }) => (
                <div key={key} className="flex justify-between gap-4">
                  <dt className="text-slate-700">{t(`hours.${key}`)}</dt>
                  <dd className="font-semibold text-slate-900">{hours}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-800">
              {t("hours.responseTime")}
            </p>
          </SideCard>
          {socials.length > 0 && (
            <SideCard
              id="social-title"
              title={t("social.title")}
              className="border border-slate-200 p-6 text-slate-900"
            >
              <ul className="mt-4 flex flex-wrap gap-3">
                {socials.map(({ key, label }) => (
                  <li key={key}>
                    <a
                      href={contact[key]}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="flex items-center gap-2 rounded-lg bg-blue-50 px-3 py-2 font-medium text-blue-900 hover:bg-blue-100"
                    >
                      <SocialIcon network={key} className="size-5" />
                      {label}
                    </a>
                  </li>
                ))}
              </ul>
            </SideCard>
          )}
          <SideCard id="extra-title" title={t("extra.title")} className="bg-blue-800 p-6 text-white">
            <TickList items={extras.map((extra) => t(`extra.${extra}`))} tick="text-amber-300" />
          </SideCard>
        </aside>
      </div>

      <section id="faq" aria-labelledby="faq-title" className="scroll-mt-20 bg-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-12">
          <h2 id="faq-title" className="text-center text-3xl font-bold text-slate-900">
            {t("faq.title")}
          </h2>
          <div className="mt-8 space-y-3">
            {faqs.map((faq) => (
              <details key={faq} className="group rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-slate-900">
                  {t(`faq.${faq}.question`)}
                  <ChevronDown
                    aria-hidden="true"
                    className="size-5 shrink-0 transition-transform group-open:rotate-180"
                  />
                </summary>
                <p className="mt-3 leading-relaxed text-slate-700">
                  {faq === "price"
                    ? loaderData.prices.length
                      ? t("faq.price.answer", {
                          prices: loaderData.prices
                            .map(({ level, price }) => `${level} ${formatPriceVnd(price)}`)
                            .join(", "),
                        })
                      : t("faq.price.noCourses")
                    : t(`faq.${faq}.answer`)}
                </p>
              </details>
            ))}
          </div>
        </div>
      </section>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
