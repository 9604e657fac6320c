import type { ReactNode } from "react";

// Simple brand marks drawn here (the icon set has no brand logos), sized like lucide icons.
type IconProps = { className?: string };

const base = {
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

function BrandMark({ className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg {...base} aria-hidden="true" className={className}>
      {children}
    </svg>
  );
}

export function FacebookIcon({ className }: IconProps) {
  return (
    <BrandMark className={className}>
      <path d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H7v3.5h2V21h3.5v-7.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15z" />
    </BrandMark>
  );
}

export function InstagramIcon({ className }: IconProps) {
  return (
    <BrandMark className={className}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </BrandMark>
  );
}

export function YoutubeIcon({ className }: IconProps) {
  return (
    <BrandMark className={className}>
      <rect x="2" y="5" width="20" height="14" rx="4" />
      <path d="m10 9 5 3-5 3z" />
    </BrandMark>
  );
}

export function XIcon({ className }: IconProps) {
  return (
    <BrandMark className={className}>
      <path d="M4 4l16 16M20 4 4 20" />
    </BrandMark>
  );
}

/** The school's social networks, in the order the footer and /contact list them; each shown
 * only where the admin entered its address. */
export const socialNetworks = [
  { key: "facebook", label: "Facebook", Icon: FacebookIcon },
  { key: "instagram", label: "Instagram", Icon: InstagramIcon },
  { key: "youtube", label: "YouTube", Icon: YoutubeIcon },
  { key: "twitter", label: "X (Twitter)", Icon: XIcon },
] as const;
