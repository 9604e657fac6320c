// What the about page shows and its statistics' defaults (spec §2, §3, §9), apart from the
// page's schemas: the public page's route module names its topics for the browser, and a schema
// module there would bring zod with it (ADR 058).
import type { ChangeTopic } from "./change-topics";

/** What the about page shows, public and admin alike: a change to any of it reaches both live. */
export const aboutPageTopics = [
  "about",
  "stats",
  "team",
  "values",
  "milestones",
  "testimonials",
] as const satisfies readonly ChangeTopic[];

export interface Stats {
  yearsActive: string;
  totalStudents: string;
  successRate: string;
  averageRating: string;
}

/** spec §2/§9: the statistics shown when the stats document or one of its fields is missing. */
export const defaultStats: Stats = {
  yearsActive: "3+",
  totalStudents: "800+",
  successRate: "95%",
  averageRating: "4.9/5",
};

/** Fills each missing or blank field with its default. */
export function statsWithDefaults(stored: Partial<Record<keyof Stats, string | null>> | undefined): Stats {
  const pick = (key: keyof Stats) => stored?.[key]?.trim() || defaultStats[key];
  return {
    yearsActive: pick("yearsActive"),
    totalStudents: pick("totalStudents"),
    successRate: pick("successRate"),
    averageRating: pick("averageRating"),
  };
}
