// A post's picture when it has none (issue 32): one of our drawings (ADR 051) for its category,
// on the category's colours, on the blog's cards and the home page's. Imported assets: the build
// gives them fingerprinted names under /assets, cached for a year.

import b1b2 from "~/components/site/illustrations/post-b1-b2.svg";
import culture from "~/components/site/illustrations/post-culture.svg";
import fallback from "~/components/site/illustrations/post-default.svg";
import grammar from "~/components/site/illustrations/post-grammar.svg";
import pronunciation from "~/components/site/illustrations/post-pronunciation.svg";
import studyAbroad from "~/components/site/illustrations/post-study-abroad.svg";
import success from "~/components/site/illustrations/post-success.svg";
import tips from "~/components/site/illustrations/post-tips.svg";
import vocabulary from "~/components/site/illustrations/post-vocabulary.svg";
import type { BlogCategory } from "~/schemas/domain";

const byCategory: Record<BlogCategory, string> = {
  tips,
  "b1-b2": b1b2,
  vocabulary,
  culture,
  success,
  grammar,
  pronunciation,
  "study-abroad": studyAbroad,
};

/** The drawings' own size (their viewBox), 16:9 as the cards' picture. */
export const POST_ILLUSTRATION_WIDTH = 320;
export const POST_ILLUSTRATION_HEIGHT = 180;

/** The drawing of `category`; a category the blog no longer has gets the open book. */
export function postIllustration(category: string): string {
  return byCategory[category as BlogCategory] ?? fallback;
}
