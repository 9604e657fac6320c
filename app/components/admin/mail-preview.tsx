// A mail as it will be sent, under the form that writes it (a reply to a question, a message to
// a class): who gets it, its subject and its text, marked in the recipient's language whatever
// the admin's.

export interface PreviewedMail {
  to: string;
  subject: string;
  text: string;
  language: string;
}

export function MailPreview({
  id,
  title,
  labels,
  mail,
  heading: Heading = "h4",
  testId,
}: {
  id: string;
  title: string;
  labels: { to: string; subject: string };
  mail: PreviewedMail;
  /** The heading's level under the form's own heading. */
  heading?: "h3" | "h4";
  testId: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className="space-y-2 rounded-xl bg-slate-50 p-4 text-sm ring-1 ring-slate-200"
    >
      <Heading id={id} className="font-semibold text-slate-900">
        {title}
      </Heading>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        <dt className="font-medium text-slate-600">{labels.to}</dt>
        <dd className="break-all text-slate-900">{mail.to}</dd>
        <dt className="font-medium text-slate-600">{labels.subject}</dt>
        <dd lang={mail.language} className="text-slate-900">
          {mail.subject}
        </dd>
      </dl>
      <div
        lang={mail.language}
        data-testid={testId}
        className="border-t border-slate-200 pt-3 break-words whitespace-pre-wrap text-slate-900"
      >
        {mail.text}
      </div>
    </section>
  );
}
