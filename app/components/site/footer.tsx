import { Mail, MapPin, MessageCircle, Phone } from "lucide-react";
import { Link } from "react-router";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { useTranslation } from "~/i18n/react";
import { telHref } from "~/lib/contact-links";
import { langAttribute } from "~/lib/content-language";
import type { LocalizedContactConfig } from "~/models/contact-config.server";
import { Logo } from "./logo";
import { moreNavigation, primaryNavigation } from "./navigation";
import { SocialIcon, socialNetworks } from "./social-icons";

/** spec §2 Public footer; contact details come from the contact config (shown only when set). */
export function SiteFooter({ contact }: { contact: LocalizedContactConfig | undefined }) {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  const socials = socialNetworks.filter((network) => contact?.[network.key]);
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-4">
          <Logo inverted />
          <p
            className="text-sm leading-relaxed"
            data-testid="footer-description"
            {...(contact?.description ? langAttribute(contact, "description") : {})}
          >
            {contact?.description || t("footer.description")}
          </p>
          {socials.length > 0 && (
            <ul className="flex gap-3" aria-label={t("footer.social")}>
              {socials.map(({ key, label }) => (
                <li key={key}>
                  <a
                    href={contact?.[key]}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={label}
                    className="flex size-9 items-center justify-center rounded-full bg-slate-800 text-white hover:bg-blue-700"
                  >
                    <SocialIcon network={key} className="size-4" />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="mb-4 font-semibold text-white">
            {t("footer.quickLinks")}
          </h2>
          <ul className="space-y-2 text-sm">
            {[...primaryNavigation, ...moreNavigation].map((item) => (
              <li key={item.to}>
                <Link to={localize(item.to)} className="hover:text-white">
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-4 font-semibold text-white">{t("footer.contact")}</h2>
          <ul className="space-y-3 text-sm" data-testid="footer-contact">
            {contact?.phone && (
              <li className="flex items-center gap-2">
                <Phone aria-hidden="true" className="size-4 shrink-0" />
                <span className="sr-only">{t("footer.phone")}: </span>
                <a href={telHref(contact.phone)} className="hover:text-white">
                  {contact.phone}
                </a>
              </li>
            )}
            {contact?.email && (
              <li className="flex items-center gap-2">
                <Mail aria-hidden="true" className="size-4 shrink-0" />
                <span className="sr-only">{t("footer.email")}: </span>
                <a href={`mailto:${contact.email}`} className="hover:text-white">
                  {contact.email}
                </a>
              </li>
            )}
            {contact?.zalo && (
              <li className="flex items-center gap-2">
                <MessageCircle aria-hidden="true" className="size-4 shrink-0" />
                <span>
                  {t("footer.zalo")}: {contact.zalo}
                </span>
              </li>
            )}
          </ul>
        </div>
        <div>
          <h2 className="mb-4 font-semibold text-white">{t("footer.address")}</h2>
          {contact?.address && (
            <p className="flex gap-2 text-sm" data-testid="footer-address">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{contact.address}</span>
            </p>
          )}
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm sm:flex-row sm:justify-between">
          {/* spec §9: copyright year 2025 */}
          <p>{t("footer.copyright")}</p>
          <p className="flex gap-4">
            <Link to={localize("/privacy")} className="underline hover:text-white">
              {t("footer.privacy")}
            </Link>
            <span>{t("footer.designedBy")}</span>
          </p>
        </div>
      </div>
    </footer>
  );
}
