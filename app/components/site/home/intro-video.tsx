// spec §2 Home: the hero's video. A click-to-load facade: until the visitor presses play, the
// page shows its own poster and loads nothing of the video (no iframe, no thumbnail, no script,
// no video bytes); the click swaps in the youtube-nocookie player, the only frame source the CSP
// allows, or the browser's own player for an uploaded MP4 (ADR 027).
import { Play } from "lucide-react";
import { useState } from "react";
import heroIllustration from "~/components/site/illustrations/hero.svg";
import { useTranslation } from "~/i18n/react";
import type { HomeVideo } from "~/schemas/settings";

/** `video`: what the admin set in Settings, null for none — then the poster is the illustration
 * alone, without a play button (a button that plays nothing would mislead). The poster is our
 * drawing of an online class (issue 32, ADR 051): a static file, nothing of it in the JavaScript
 * but its address. */
export function IntroVideo({ video }: { video: HomeVideo | null }) {
  const { t } = useTranslation("home");
  const [playing, setPlaying] = useState(false);
  if (video?.kind === "file" && playing) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: the school's own introduction video; it has no caption track to offer
      <video
        src={video.url}
        controls
        autoPlay
        playsInline
        aria-label={t("video.title")}
        // The button that was pressed is gone: keyboard focus goes on to the player.
        ref={(player) => player?.focus()}
        className="aspect-video w-full rounded-2xl bg-slate-900 shadow-xl"
      />
    );
  }
  if (video?.kind === "youtube" && playing) {
    return (
      <iframe
        src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.id)}?autoplay=1&rel=0`}
        title={t("video.title")}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        // The button that was pressed is gone: keyboard focus goes on to the player.
        ref={(frame) => frame?.focus()}
        className="aspect-video w-full rounded-2xl bg-slate-900 shadow-xl"
      />
    );
  }
  const playClass =
    "relative flex size-20 items-center justify-center rounded-full bg-white/95 text-blue-700 shadow-lg";
  return (
    <div className="relative flex aspect-video items-center justify-center overflow-hidden rounded-2xl bg-gradient-to-br from-blue-700 via-blue-800 to-slate-900 shadow-xl">
      {/* The largest picture of the home page's first screen, on a phone its largest element
          (Lighthouse's LCP): fetched first, not lazily. */}
      <img
        src={heroIllustration}
        alt={t("video.illustration")}
        width={640}
        height={360}
        fetchPriority="high"
        className="absolute inset-0 size-full object-cover"
      />
      <div
        aria-hidden="true"
        // Decoration only: it darkens the foot of the picture under the caption (white text, WCAG
        // AA) and lies over the poster, so it must not take the play button's clicks.
        className="pointer-events-none absolute inset-x-0 bottom-0 h-1/3 bg-gradient-to-t from-slate-950/85 to-transparent"
      />
      {video && (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className={`${playClass} hover:scale-105 focus-visible:outline-4 focus-visible:outline-offset-4 focus-visible:outline-white`}
        >
          <Play aria-hidden="true" className="ml-1 size-9 fill-current" />
          <span className="sr-only">{t("video.play")}</span>
        </button>
      )}
      <p className="absolute bottom-4 left-4 right-4 text-center text-sm font-medium text-white">
        {t("video.caption")}
      </p>
    </div>
  );
}
