import { Mail, Phone } from "lucide-react";

/** The call and mail buttons of a learner's or a visitor's record: a tel: link and a mailto: link
 * (with a subject when answering a question). */
export function ReachButtons({
  phone,
  email,
  mailSubject,
  labels,
}: {
  phone: string;
  email: string;
  mailSubject?: string;
  labels: { call: string; mail: string };
}) {
  // A long address wraps inside its button rather than pushing a phone's dialog sideways.
  const link =
    "inline-flex max-w-full items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-white";
  return (
    <div className="flex flex-wrap gap-2">
      <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className={`${link} bg-green-700 hover:bg-green-800`}>
        <Phone aria-hidden="true" className="size-4 shrink-0" />
        <span className="min-w-0 [overflow-wrap:anywhere]">{labels.call}</span>
      </a>
      <a
        href={`mailto:${email}${mailSubject ? `?subject=${encodeURIComponent(mailSubject)}` : ""}`}
        className={`${link} bg-blue-700 hover:bg-blue-800`}
      >
        <Mail aria-hidden="true" className="size-4 shrink-0" />
        <span className="min-w-0 [overflow-wrap:anywhere]">{labels.mail}</span>
      </a>
    </div>
  );
}
