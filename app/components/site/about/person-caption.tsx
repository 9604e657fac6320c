import type { ReactNode } from "react";

/** Who said it, under a testimonial: the avatar, the name and the role (`roleLang` marks a role
 * shown in Vietnamese on an English or German page). No icons or translations, so the home page
 * can show it within its JavaScript budget. */
export function PersonCaption({
  avatar,
  name,
  role,
  roleLang,
}: {
  avatar: ReactNode;
  name: string;
  role: string;
  roleLang?: { lang?: string };
}) {
  return (
    <figcaption className="mt-5 flex items-center gap-3">
      {avatar}
      <div>
        <p className="font-semibold text-slate-900">{name}</p>
        <p className="text-sm text-slate-600" {...roleLang}>
          {role}
        </p>
      </div>
    </figcaption>
  );
}
