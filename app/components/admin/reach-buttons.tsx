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
  const link = "inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-white";
  return (
    <div className="flex flex-wrap gap-2">
      <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className={`${link} bg-green-700 hover:bg-green-800`}>
        <Phone aria-hidden="true" className="size-4" />
        {labels.call}
      </a>
      <a
        href={`mailto:${email}${mailSubject ? `?subject=${encodeURIComponent(mailSubject)}` : ""}`}
        className={`${link} bg-blue-700 hover:bg-blue-800`}
      >
        <Mail aria-hidden="true" className="size-4" />
        {labels.mail}
      </a>
    </div>
  );
}
