// What a public page shows in place of its content while it is on its way, and when it could not
// be loaded (spec §2 loading states, §8 errors): the same spinner line and the same red block with a
// way to retry on every page; each page brings its own words.
import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { useLocalizedPath } from "~/components/site/use-localized-path";

export function PageLoading({ label }: { label: string }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-16" role="status">
      <p className="flex items-center justify-center gap-3 text-lg text-slate-700">
        <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-blue-700" />
        {label}
      </p>
    </div>
  );
}

/** The message is ours, in the reader's language: the technical cause is in the server log. */
export function PageLoadError({
  width = "max-w-3xl",
  retryHref,
  retryLabel,
  children,
}: {
  /** The block's column: as wide as the content it stands in for. */
  width?: "max-w-3xl" | "max-w-6xl";
  retryHref: string;
  retryLabel: string;
  children: ReactNode;
}) {
  const localize = useLocalizedPath();
  return (
    <div className={`mx-auto ${width} px-4 py-16`}>
      <div role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-6 text-center text-red-800">
        {children}
        <a
          href={localize(retryHref)}
          className="mt-4 inline-block font-semibold underline underline-offset-4"
        >
          {retryLabel}
        </a>
      </div>
    </div>
  );
}
