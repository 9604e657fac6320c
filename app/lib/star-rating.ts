// Kept out of app/schemas/about.ts: the public testimonial cards (on /about and the home page)
// need this function but not zod, whose 24 KB would then count against the home page's budget.

/** spec §9: the default testimonial rating is 5; ratings run from 1 to 5. */
export function starRating(rating: number | null | undefined) {
  if (rating == null || !Number.isFinite(rating)) return 5;
  return Math.min(5, Math.max(1, Math.round(rating)));
}
