// Share an article: Facebook's and Zalo's share pages, and copying the link. The copy
// button needs JavaScript, so it appears only once the page has hydrated.
import { Check, Link2, Share2 } from "lucide-react";
import { useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useTranslation } from "~/i18n/react";

const linkClass =
  "inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50";

export function ShareLinks({ url }: { url: string }) {
  const { t } = useTranslation("blog");
  const canCopy = useHydrated();
  const [copyState, setCopyState] = useState<"idle" | "copied" | "failed">("idle");

  const encoded = encodeURIComponent(url);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopyState("copied");
    } catch {
      setCopyState("failed");
    }
  };

  return (
    <section aria-labelledby="share-title" className="flex flex-wrap items-center gap-3">
      <h2 id="share-title" className="flex items-center gap-2 text-sm font-semibold text-slate-700">
        <Share2 aria-hidden="true" className="size-4" />
        {t("post.share")}
      </h2>
      {[
        { href: `https://www.facebook.com/sharer/sharer.php?u=${encoded}`, label: t("post.shareFacebook") },
        { href: `https://sp.zalo.me/share_to_zalo?url=${encoded}`, label: t("post.shareZalo") },
      ].map((network) => (
        <a
          key={network.href}
          href={network.href}
          target="_blank"
          rel="noopener noreferrer"
          className={linkClass}
        >
          {network.label}
          <span className="sr-only"> {t("post.newWindow")}</span>
        </a>
      ))}
      {canCopy ? (
        <button type="button" onClick={copy} className={linkClass}>
          {copyState === "copied" ? (
            <Check aria-hidden="true" className="size-4 text-green-700" />
          ) : (
            <Link2 aria-hidden="true" className="size-4" />
          )}
          {t("post.copyLink")}
        </button>
      ) : null}
      <p aria-live="polite" className="w-full text-sm text-slate-700 empty:hidden">
        {copyState === "copied" ? t("post.copied") : copyState === "failed" ? t("post.copyFailed") : ""}
      </p>
    </section>
  );
}
