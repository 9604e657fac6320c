// One look for every email: a plain-text body and the same content as simple, escaped HTML.

export interface MailContent {
  greeting?: string;
  paragraphs: string[];
  /** A call to action: a button in HTML, a bare link in text. */
  action?: { label: string; url: string };
  /** Label/value rows (an enrolment's fields, for instance). */
  details?: [label: string, value: string][];
  /** A titled block after the details: a payment's transfer details and its QR code. */
  section?: MailSection;
  footer?: string;
}

export interface MailSection {
  title: string;
  intro: string;
  details: [label: string, value: string][];
  /** A picture attached to the mail, shown inline (`cid:`); text-only readers have the details. */
  image?: { cid: string; alt: string; size: number };
}

const detailRows = (details: [string, string][]) =>
  details.map(([label, value]) => `${label}: ${value}`).join("\n");

function detailsTable(details: [string, string][]) {
  return `<table style="border-collapse:collapse;margin:0 0 16px">${details
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#475569;vertical-align:top">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value).replaceAll("\n", "<br>")}</td></tr>`,
    )
    .join("")}</table>`;
}

export function escapeHtml(value: string) {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

export function renderMail(content: MailContent): { text: string; html: string } {
  const text = [
    content.greeting,
    ...content.paragraphs,
    content.details ? detailRows(content.details) : undefined,
    content.section
      ? `${content.section.title}\n\n${content.section.intro}\n${detailRows(content.section.details)}`
      : undefined,
    content.action ? `${content.action.label}: ${content.action.url}` : undefined,
    content.footer ? `--\n${content.footer}` : undefined,
  ]
    .filter(Boolean)
    .join("\n\n");

  const paragraph = (value: string) =>
    `<p style="margin:0 0 16px">${escapeHtml(value).replaceAll("\n", "<br>")}</p>`;
  const html = `<!doctype html><html><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="background:#1d4ed8;color:#fff;padding:16px 24px;border-radius:12px 12px 0 0;font-size:20px;font-weight:bold">Lernhaus</div>
<div style="background:#fff;padding:24px;border-radius:0 0 12px 12px;line-height:1.5">
${content.greeting ? paragraph(content.greeting) : ""}
${content.paragraphs.map(paragraph).join("\n")}
${content.details ? detailsTable(content.details) : ""}
${content.section ? sectionHtml(content.section) : ""}
${
  content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(content.action.label)}</a></p>`
    : ""
}
${content.footer ? `<p style="margin:24px 0 0;color:#64748b;font-size:13px">${escapeHtml(content.footer)}</p>` : ""}
</div></div></body></html>`;
  return { text, html };
}

function sectionHtml(section: MailSection) {
  const image = section.image
    ? `<p style="margin:0 0 16px"><img src="cid:${escapeHtml(section.image.cid)}" alt="${escapeHtml(section.image.alt)}" width="${section.image.size}" height="${section.image.size}" style="display:block;width:${section.image.size}px;height:${section.image.size}px"></p>`
    : "";
  return `<h2 style="margin:24px 0 8px;font-size:18px">${escapeHtml(section.title)}</h2>
<p style="margin:0 0 16px">${escapeHtml(section.intro)}</p>
${image}${detailsTable(section.details)}`;
}
