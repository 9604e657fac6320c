// The six gradient pairs of spec §3 (course, team member, value colour) as Tailwind classes.
// Written out in full so Tailwind finds them; dark enough for white text (WCAG AA).
import { type Color, colors } from "~/schemas/domain";

const gradients: Record<Color, string> = {
  blue: "from-blue-700 to-indigo-800",
  green: "from-emerald-700 to-teal-800",
  purple: "from-purple-700 to-fuchsia-800",
  orange: "from-orange-700 to-amber-800",
  red: "from-red-700 to-rose-800",
  teal: "from-teal-700 to-cyan-800",
};

/** `bg-gradient-to-br` plus the pair for `color`; an unknown colour gets the first pair. */
export function gradientClass(color: string) {
  const pair = (colors as readonly string[]).includes(color) ? gradients[color as Color] : gradients.blue;
  return `bg-gradient-to-br ${pair}`;
}
