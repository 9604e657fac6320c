// A YouTube video inside a post's body (ADR 055), behind the same click-to-load facade as the home
// page's video: until the reader presses play nothing of YouTube is fetched (no frame, no
// thumbnail, no script); the click swaps in the youtube-nocookie player, the one frame source the
// CSP allows.
import { Play } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "~/i18n/react";

export function PostVideo({ videoId }: { videoId: string }) {
  const { t } = useTranslation("blog");
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <iframe
        src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`}
        title={t("post.video")}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        ref={(frame) => frame?.focus()}
        className="mt-6 aspect-video w-full rounded-xl bg-slate-900"
      />
    );
  }
  return (
    <div className="mt-6 flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-xl bg-gradient-to-br from-blue-800 to-slate-900 text-white">
      <button
        type="button"
        onClick={() => setPlaying(true)}
        className="flex size-16 items-center justify-center rounded-full bg-white/95 text-blue-700 shadow-lg hover:scale-105 focus-visible:outline-4 focus-visible:outline-offset-4 focus-visible:outline-white"
      >
        <Play aria-hidden="true" className="ml-1 size-7 fill-current" />
        <span className="sr-only">{t("post.playVideo")}</span>
      </button>
      <p className="px-4 text-center text-sm">{t("post.videoNote")}</p>
    </div>
  );
}
