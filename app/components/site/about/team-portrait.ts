// A team member's picture when no photo was uploaded (issue 32): one of our drawn portraits
// (ADR 051), the one of the member's colour, on that colour's gradient. The admin chooses the
// colour, and so the portrait; an uploaded photo always comes first. Imported assets: the build
// gives them fingerprinted names under /assets, cached for a year.

import blue from "~/components/site/illustrations/team-blue.svg";
import green from "~/components/site/illustrations/team-green.svg";
import orange from "~/components/site/illustrations/team-orange.svg";
import purple from "~/components/site/illustrations/team-purple.svg";
import red from "~/components/site/illustrations/team-red.svg";
import teal from "~/components/site/illustrations/team-teal.svg";
import type { Color } from "~/schemas/domain";

const portraits: Record<Color, string> = { blue, green, purple, orange, red, teal };

/** The drawings' own size (their viewBox). */
export const TEAM_PORTRAIT_SIZE = 128;

/** The portrait of `color`; an unknown colour gets the first, as its gradient does. */
export function teamPortrait(color: string): string {
  return portraits[color as Color] ?? portraits.blue;
}
