import { imageForWidth } from "~/lib/uploads";
import { gradientClass } from "../color-gradients";

/** A photo when there is one, otherwise `portrait` (a team member's drawn portrait, issue 32)
 * when given, otherwise the first letter of the name on the person's colour (spec §3: team
 * members and testimonials carry an avatar). The name is always written next to it: a photo and
 * the letter are decorative, the drawing says that it is one. */
export function Avatar({
  name,
  src,
  color = "blue",
  size = "size-16 text-2xl",
  portrait,
}: {
  name: string;
  src: string | null;
  color?: string;
  size?: string;
  portrait?: { src: string; alt: string; size: number };
}) {
  if (src) {
    // An upload loads its smallest variant: an avatar is at most 64 CSS pixels wide,
    // 128 device pixels on a sharp screen.
    return (
      <img
        src={imageForWidth(src, 128)}
        alt=""
        className={`${size} shrink-0 rounded-full object-cover`}
        loading="lazy"
      />
    );
  }
  if (portrait) {
    return (
      <img
        src={portrait.src}
        alt={portrait.alt}
        width={portrait.size}
        height={portrait.size}
        loading="lazy"
        data-testid="avatar-portrait"
        className={`${size} shrink-0 rounded-full object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="avatar-initial"
      className={`${size} ${gradientClass(color)} flex shrink-0 items-center justify-center rounded-full font-bold text-white`}
    >
      {name.trim().charAt(0).toLocaleUpperCase("vi")}
    </span>
  );
}
