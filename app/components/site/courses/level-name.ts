import type { TFunction } from "~/i18n/translator";

/** "Cơ bản" for A1 … (spec §2 Courses tiles); a level outside A1–C2 is shown as it is. */
export function levelName(t: TFunction, level: string) {
  return t(`levels.${level}`, { defaultValue: level });
}
