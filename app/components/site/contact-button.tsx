// The contact button of the public pages: Zalo, Messenger and the hotline, from the contact
// settings; nothing when none is set. A native <details> disclosure — it opens, closes and is
// reached by keyboard without JavaScript, so the public pages ship none for it; the only script is
// the Escape key, which <details> does not know.
//
// Where it sits, so that it never covers a call to action or the footer: on wide screens it floats
// at the bottom right, in the margin beside the 72rem content column, and stops above the footer
// (sticky at the end of the content); below that width, where the content reaches the screen's
// edges, it sits in the sticky header, which covers that strip of the page anyway.
import { MessageCircle, MessagesSquare, Phone } from "lucide-react";
import type { KeyboardEvent } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "~/i18n/react";
import type { ContactChannel } from "~/lib/contact-links";

const icons = { zalo: MessageCircle, messenger: MessagesSquare, hotline: Phone } as const;

const placements = {
  header: {
    details: "relative",
    summary: "size-10 bg-blue-700 text-white hover:bg-blue-800",
    icon: "size-5",
    list: "top-full right-0 mt-2",
  },
  floating: {
    details: "absolute right-4 bottom-6",
    summary: "size-12 bg-blue-700 text-white shadow-lg ring-2 ring-white hover:bg-blue-800",
    icon: "size-6",
    list: "right-0 bottom-full mb-3",
  },
} as const;

export function ContactButton({
  channels,
  placement,
}: {
  /** The links, from `contactChannels` on the server. */
  channels: ContactChannel[];
  placement: keyof typeof placements;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (channels.length === 0) return null;
  const classes = placements[placement];
  const label = t("contactButton.label");
  const disclosure = (
    // A new page starts with the list closed.
    <details
      key={pathname}
      className={classes.details}
      data-testid="contact-button"
      onKeyDown={closeOnEscape}
    >
      <summary
        title={label}
        className={`flex cursor-pointer list-none items-center justify-center rounded-full [&::-webkit-details-marker]:hidden ${classes.summary}`}
      >
        <MessageCircle aria-hidden="true" className={classes.icon} />
        <span className="sr-only">{label}</span>
      </summary>
      <ul
        aria-label={t("contactButton.channels")}
        className={`absolute z-50 w-64 space-y-1 rounded-xl bg-white p-2 shadow-xl ring-1 ring-slate-200 ${classes.list}`}
      >
        {channels.map((channel) => (
          <li key={channel.key}>
            <ChannelLink channel={channel} />
          </li>
        ))}
      </ul>
    </details>
  );
  if (placement === "header") return disclosure;
  // A line of no height at the end of the content, stuck to the bottom of the screen: the button
  // above it follows the scrolling and stops where the footer begins.
  return <div className="sticky bottom-0 z-30 hidden h-0 xl:block">{disclosure}</div>;
}

function ChannelLink({ channel }: { channel: ContactChannel }) {
  const { t } = useTranslation();
  const Icon = icons[channel.key];
  const external = channel.key !== "hotline";
  return (
    <a
      href={channel.href}
      {...(external && { target: "_blank", rel: "noopener noreferrer" })}
      className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-slate-800 hover:bg-blue-50"
    >
      <Icon aria-hidden="true" className="size-5 shrink-0 text-blue-700" />
      <span className="min-w-0">
        <span className="block font-medium">{t(`contactButton.${channel.key}`)}</span>
        {channel.detail && <span className="block text-sm text-slate-600">{channel.detail}</span>}
      </span>
    </a>
  );
}

/** Escape closes the open list and puts the focus back on its button. */
function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
  const details = event.currentTarget;
  if (event.key !== "Escape" || !details.open) return;
  details.open = false;
  details.querySelector("summary")?.focus();
}
