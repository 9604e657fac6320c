// The picture a shared link shows (Open Graph / Twitter card, ADR 030): one layout for courses,
// posts and the rest of the site, in the school's colours (those of public/favicon.svg). Drawn by
// satori, which understands a subset of CSS: every box is flex, sizes are pixels.
import { createHash } from "node:crypto";
import { textSummary } from "./text-summary";

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** What one picture shows; nothing else goes into it, so these fields are its cache key. */
export interface PreviewCard {
  /** The large text: a course's or post's title, or the site's slogan. */
  heading: string;
  /** The line under the heading: "Trình độ B1 · Trung cấp", a post's category. */
  label: string;
  /** A short mark beside the label (a course's level); "" for none. */
  badge: string;
  /** The school's name. */
  brand: string;
}

// Raise it when the layout below changes: the cached pictures and their ETags then change too.
const LAYOUT_VERSION = 1;

// A title may be 200 characters long; the picture shows what fits in three or four lines.
const HEADING_MAX_CHARS = 140;

/** The card as it is drawn: texts in composed form (a title pasted in decomposed form, "e" +
 * U+0302 + U+0301, would otherwise place its marks by the font's fallback, not as "ế"), without
 * control characters, bounded. */
export function normalizeCard(card: PreviewCard): PreviewCard {
  return {
    heading: clean(card.heading, HEADING_MAX_CHARS),
    label: clean(card.label, 80),
    badge: clean(card.badge, 8),
    brand: clean(card.brand, 40),
  };
}

function clean(text: string, max: number) {
  return textSummary(text.normalize("NFC").replace(/\p{Cc}+/gu, " "), max);
}

/** The cache key and the base of the ETag: a hash of everything the picture shows. */
export function previewKey(card: PreviewCard) {
  const { heading, label, badge, brand } = normalizeCard(card);
  return createHash("sha256")
    .update(JSON.stringify([LAYOUT_VERSION, heading, label, badge, brand]))
    .digest("base64url")
    .slice(0, 32);
}

const BLUE = "#1d4ed8"; // blue-700, the favicon's ground
const INDIGO = "#3730a3"; // indigo-800: the gradient of the site's blue course cards
const YELLOW = "#facc15"; // the favicon's bar

/** A node of the tree satori draws: the shape of a React element without React, so that it
 * crosses to the rendering worker as plain data. Every box is flex unless it says otherwise. */
export interface PreviewNode {
  type: "div";
  props: { style: Record<string, string | number>; children?: string | PreviewNode[] };
}

const box = (style: PreviewNode["props"]["style"], children?: string | PreviewNode[]): PreviewNode => ({
  type: "div",
  props: { style: { display: "flex", ...style }, children },
});

/** The card's tree; `fontFamily` lists the font faces in the order to try. */
export function previewCardTree(card: PreviewCard, fontFamily: string): PreviewNode {
  const { heading, label, badge, brand } = normalizeCard(card);
  const length = [...heading].length;
  const headingSize = length <= 40 ? 76 : length <= 80 ? 62 : 50;
  const badgeBox = box(
    {
      padding: "4px 16px",
      borderRadius: 10,
      backgroundColor: YELLOW,
      color: "#1e293b",
      fontSize: 32,
      fontWeight: 700,
    },
    badge,
  );
  return box(
    {
      width: PREVIEW_WIDTH,
      height: PREVIEW_HEIGHT,
      flexDirection: "column",
      justifyContent: "space-between",
      boxSizing: "border-box",
      padding: "64px 72px",
      backgroundImage: `linear-gradient(135deg, ${BLUE}, ${INDIGO})`,
      color: "#ffffff",
      fontFamily,
    },
    [
      box({ alignItems: "center", gap: 20 }, [mark(), box({ fontSize: 40, fontWeight: 700 }, brand)]),
      box(
        {
          display: "block",
          width: PREVIEW_WIDTH - 2 * 72,
          fontSize: headingSize,
          fontWeight: 700,
          lineHeight: 1.2,
          lineClamp: 4,
        },
        heading,
      ),
      box({ alignItems: "center", gap: 20 }, [
        box({ width: 96, height: 10, backgroundColor: YELLOW }),
        ...(badge ? [badgeBox] : []),
        box({ fontSize: 34, fontWeight: 400 }, label),
      ]),
    ],
  );
}

/** The favicon's "L" mark, white on the ground, with its yellow bar. */
function mark() {
  const bar = (left: number, top: number, width: number, height: number, color: string) =>
    box({ position: "absolute", left, top, width, height, backgroundColor: color });
  return box({ position: "relative", width: 64, height: 64, borderRadius: 14, backgroundColor: "#ffffff" }, [
    bar(18, 16, 8, 32, BLUE),
    bar(18, 40, 24, 8, BLUE),
    bar(36, 16, 10, 6, YELLOW),
  ]);
}
