// The picture a shared link shows (Open Graph / Twitter card, ADR 030): one layout for courses,
// posts and the rest of the site, in the school's colours (those of public/favicon.svg). Drawn by
// satori, which understands a subset of CSS: every box is flex, sizes are pixels.
import { createHash } from "node:crypto";

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
  const flat = text
    .normalize("NFC")
    .replace(/\p{Cc}+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  const chars = [...flat];
  if (chars.length <= max) return flat;
  // Cut at a word when one ends in the last third, else mid-word.
  const cut = chars.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${space > cut.length * 0.66 ? cut.slice(0, space) : cut.trimEnd()}…`;
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

/** The element tree satori draws; `fontFamily` lists the font faces in the order to try. */
export function PreviewCardImage({ card, fontFamily }: { card: PreviewCard; fontFamily: string }) {
  const { heading, label, badge, brand } = normalizeCard(card);
  const length = [...heading].length;
  const headingSize = length <= 40 ? 76 : length <= 80 ? 62 : 50;
  return (
    <div
      style={{
        width: PREVIEW_WIDTH,
        height: PREVIEW_HEIGHT,
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        boxSizing: "border-box",
        padding: "64px 72px",
        backgroundImage: `linear-gradient(135deg, ${BLUE}, ${INDIGO})`,
        color: "#ffffff",
        fontFamily,
      }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: 20 }}>
        <Mark />
        <div style={{ display: "flex", fontSize: 40, fontWeight: 700 }}>{brand}</div>
      </div>
      <div
        style={{
          display: "block",
          width: PREVIEW_WIDTH - 2 * 72,
          fontSize: headingSize,
          fontWeight: 700,
          lineHeight: 1.2,
          lineClamp: 4,
        }}
      >
        {heading}
      </div>
      <div style={{ display: "flex", alignItems: "center", gap: 20 }}>
        <div style={{ display: "flex", width: 96, height: 10, backgroundColor: YELLOW }} />
        {badge ? (
          <div
            style={{
              display: "flex",
              padding: "4px 16px",
              borderRadius: 10,
              backgroundColor: YELLOW,
              color: "#1e293b",
              fontSize: 32,
              fontWeight: 700,
            }}
          >
            {badge}
          </div>
        ) : null}
        <div style={{ display: "flex", fontSize: 34, fontWeight: 400 }}>{label}</div>
      </div>
    </div>
  );
}

/** The favicon's "L" mark, white on the ground, with its yellow bar. */
function Mark() {
  return (
    <div
      style={{
        display: "flex",
        position: "relative",
        width: 64,
        height: 64,
        borderRadius: 14,
        backgroundColor: "#ffffff",
      }}
    >
      <div style={{ position: "absolute", left: 18, top: 16, width: 8, height: 32, backgroundColor: BLUE }} />
      <div style={{ position: "absolute", left: 18, top: 40, width: 24, height: 8, backgroundColor: BLUE }} />
      <div
        style={{ position: "absolute", left: 36, top: 16, width: 10, height: 6, backgroundColor: YELLOW }}
      />
    </div>
  );
}
