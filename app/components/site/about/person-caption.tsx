import type { ReactNode } from "react";

/** Who said it, under a testimonial: the avatar, the name and the role. No icons or
 * translations, so the home page can show it within its JavaScript budget. */
export function PersonCaption({ avatar, name, role }: { avatar: ReactNode; name: string; role: string }) {
  return (
    <figcaption className="mt-5 flex items-center gap-3">
      {avatar}
      <div>
        <p className="font-semibold text-slate-900">{name}</p>
        <p className="text-sm text-slate-600">{role}</p>
      </div>
    </figcaption>
  );
}
