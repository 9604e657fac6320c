// Simple brand marks drawn here (the icon set has no brand logos), sized like lucide icons.

const base = {
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

// Each network's name and mark (drawn in a 24×24 box), in the order the footer and /contact
// list them.
const networks = {
  facebook: {
    label: "Facebook",
    mark: <path d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H7v3.5h2V21h3.5v-7.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15z" />,
  },
  instagram: {
    label: "Instagram",
    mark: (
      <>
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <path d="M17.5 6.5h.01" />
      </>
    ),
  },
  youtube: {
    label: "YouTube",
    mark: (
      <>
        <rect x="2" y="5" width="20" height="14" rx="4" />
        <path d="m10 9 5 3-5 3z" />
      </>
    ),
  },
  twitter: { label: "X (Twitter)", mark: <path d="M4 4l16 16M20 4 4 20" /> },
};

type SocialNetwork = keyof typeof networks;

/** A social network's mark, sized like a lucide icon by `className`. */
export function SocialIcon({ network, className }: { network: SocialNetwork; className?: string }) {
  return (
    <svg {...base} aria-hidden="true" className={className}>
      {networks[network].mark}
    </svg>
  );
}

/** The school's social networks; each is shown only where the admin entered its address. */
export const socialNetworks = (Object.keys(networks) as SocialNetwork[]).map((key) => ({
  key,
  label: networks[key].label,
}));
