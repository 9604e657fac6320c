// The links that reach the school from the contact settings: Zalo, Messenger and a phone call.
// Browser-safe: the footer and /contact link the phone and Zalo with them; the public layout's
// loader builds the contact button's links on the server, so the parsing ships to no browser.

/** The digits of a phone number as written in Vietnam: spaces, dots, dashes and brackets dropped,
 * the country code (+84, 0084 or a bare 84 before nine digits) turned into the leading 0 —
 * the form zalo.me finds an account by ("+84 912 345 678" → "0912345678"). */
export function vietnamesePhoneDigits(phone: string) {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) return digits.startsWith("84") ? `0${digits.slice(2)}` : digits;
  if (digits.startsWith("0084")) return `0${digits.slice(4)}`;
  // 84 + a nine-digit subscriber number: the country code written without its plus.
  if (digits.startsWith("84") && digits.length === 11) return `0${digits.slice(2)}`;
  return digits;
}

const PHONE = /^\+?[\d\s.()-]+$/;
const phoneDigitCount = (value: string) => value.replace(/\D/g, "").length;
const isPhone = (value: string) =>
  PHONE.test(value) && phoneDigitCount(value) >= 8 && phoneDigitCount(value) <= 15;

/** A `tel:` link: the number's digits, with its "+" kept when it was written internationally
 * (RFC 3966's global form, which also works from abroad); undefined for no number. */
export function telHref(phone: string | null | undefined) {
  const value = phone?.trim() ?? "";
  if (!isPhone(value)) return undefined;
  const digits = value.replace(/\D/g, "");
  if (value.startsWith("+")) return `tel:+${digits}`;
  if (digits.startsWith("00")) return `tel:+${digits.slice(2)}`;
  return `tel:${digits}`;
}

/** Parses what an admin pastes as an address: a full URL, or one without its scheme. */
function parseAddress(value: string) {
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `https://${value}`);
    return url.protocol === "https:" || url.protocol === "http:" ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The zalo.me link of the school's Zalo: a phone number (normalised as zalo.me expects), an
 * official account's numeric id (longer than any phone number), or a zalo.me address (kept, on
 * https); undefined for anything else. */
export function zaloHref(zalo: string | null | undefined) {
  const value = zalo?.trim() ?? "";
  if (!value) return undefined;
  if (/^\d{16,25}$/.test(value)) return `https://zalo.me/${value}`;
  if (isPhone(value)) return `https://zalo.me/${vietnamesePhoneDigits(value)}`;
  const url = parseAddress(value);
  if (!url) return undefined;
  if (url.hostname.toLowerCase().replace(/^www\./, "") !== "zalo.me") return undefined;
  const path = url.pathname.replace(/\/+$/, "");
  return path ? `https://zalo.me${path}${url.search}` : undefined;
}

const FACEBOOK_HOSTS = new Set(["facebook.com", "m.facebook.com", "web.facebook.com", "fb.com"]);
/** Facebook paths that are not a page's or a person's name. */
const NOT_A_NAME = new Set([
  "events",
  "groups",
  "hashtag",
  "help",
  "home.php",
  "login",
  "marketplace",
  "permalink.php",
  "photo.php",
  "plugins",
  "reel",
  "share",
  "sharer",
  "sharer.php",
  "stories",
  "story.php",
  "watch",
]);
const PAGE_NAME = /^[A-Za-z\d.-]+$/;

/** The Messenger link (m.me) of the school's Facebook page: from facebook.com/<name> and
 * fb.com/<name> (www., m. and web. alike, anything after the name dropped),
 * facebook.com/profile.php?id=<id>, facebook.com/pages/<name>/<id> and
 * facebook.com/people/<name>/<id>, or an m.me address (kept). Undefined when the address names
 * no page (a group, a post shared by link, another site). */
export function messengerHref(facebook: string | null | undefined) {
  const url = parseAddress(facebook?.trim() ?? "");
  if (!url) return undefined;
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  const segments = url.pathname.split("/").filter(Boolean);
  let name: string | undefined;
  // A page or person known only by number is reached by that number.
  let numeric = false;
  if (host === "m.me") name = segments[0];
  else if (FACEBOOK_HOSTS.has(host)) {
    const [first, , third] = segments;
    if (first === "profile.php") {
      name = url.searchParams.get("id") ?? undefined;
      numeric = true;
    } else if (first === "pages" || first === "people") {
      name = third;
      numeric = true;
    } else if (first && !NOT_A_NAME.has(first.toLowerCase())) name = first;
  }
  return name && (numeric ? /^\d+$/ : PAGE_NAME).test(name) ? `https://m.me/${name}` : undefined;
}

export interface ContactChannel {
  key: "zalo" | "messenger" | "hotline";
  href: string;
  /** What the link shows under its name: the hotline's number as the school writes it. */
  detail?: string;
}

/** The channels of the floating contact button, in the order Vietnamese learners use them;
 * empty when none is configured. */
export function contactChannels(
  contact: { zalo?: string | null; facebook?: string | null; phone?: string | null } | undefined,
) {
  const channels: ContactChannel[] = [];
  const zalo = zaloHref(contact?.zalo);
  if (zalo) channels.push({ key: "zalo", href: zalo });
  const messenger = messengerHref(contact?.facebook);
  if (messenger) channels.push({ key: "messenger", href: messenger });
  const hotline = telHref(contact?.phone);
  if (hotline) channels.push({ key: "hotline", href: hotline, detail: contact?.phone?.trim() });
  return channels;
}
