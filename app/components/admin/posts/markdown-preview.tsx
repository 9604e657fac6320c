// The editor's live preview: the Markdown is rendered on the server by the public
// page's own renderer and sanitizer (POST /admin/posts/preview), a moment after typing stops.
// The first preview comes with the page, so it shows without JavaScript too.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";

const DEBOUNCE_MS = 350;

/** The article body's look on the public post page, kept short: the preview is a guide. */
const bodyClass =
  "text-base leading-relaxed text-slate-800 [&_a]:font-medium [&_a]:text-blue-700 [&_a]:underline [&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-blue-200 [&_blockquote]:pl-4 [&_blockquote]:italic [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-5 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:mt-4 [&_h4]:font-semibold [&_hr]:my-6 [&_img]:mt-4 [&_img]:rounded-lg [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_pre]:mt-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-3 [&_pre]:text-slate-100 [&_pre_code]:bg-transparent [&_strong]:font-semibold [&_table]:mt-4 [&_td]:border [&_td]:border-slate-300 [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-50 [&_th]:px-2 [&_th]:py-1 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6";

export function MarkdownPreview({
  content,
  initialHtml,
  headingId,
  lang,
}: {
  content: string;
  initialHtml: string;
  headingId: string;
  /** The language the body is written in, when not the interface's (a translation). */
  lang?: string;
}) {
  const { t } = useTranslation("admin-posts");
  const [html, setHtml] = useState(initialHtml);
  const [state, setState] = useState<"idle" | "updating" | "failed">("idle");
  const rendered = useRef(content);

  useEffect(() => {
    if (content === rendered.current) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState("updating");
      try {
        const body = new FormData();
        body.set("content", content);
        const response = await fetch("/admin/posts/preview", {
          method: "POST",
          body,
          signal: controller.signal,
        });
        if (!response.ok) throw new Error(`preview: ${response.status}`);
        const answer = (await response.json()) as { html: string };
        rendered.current = content;
        setHtml(answer.html);
        setState("idle");
      } catch {
        if (!controller.signal.aborted) setState("failed");
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [content]);

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={state === "updating"}
      className="flex min-h-0 flex-col rounded-lg border border-slate-300 bg-slate-50"
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-3 py-2">
        <h3 id={headingId} className="text-sm font-medium text-slate-800">
          {t("preview.title")}
        </h3>
        <p role="status" className="text-xs text-slate-600">
          {state === "updating" ? t("preview.updating") : state === "failed" ? t("preview.failed") : ""}
        </p>
      </div>
      {html ? (
        <div
          lang={lang}
          className={`flex-1 rounded-b-lg bg-white px-4 pb-4 ${bodyClass}`}
          // Sanitized on the server by app/lib/markdown.server.ts, as on the public post page.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: allow-list sanitized HTML
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : (
        <p className="px-4 py-6 text-sm text-slate-600">{t("preview.empty")}</p>
      )}
    </section>
  );
}
