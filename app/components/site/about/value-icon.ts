import {
  Award,
  BookOpen,
  CircleCheck,
  Heart,
  type LucideIcon,
  Sparkles,
  Star,
  User,
  Users,
} from "lucide-react";
import { type ValueIcon, valueIcons } from "~/schemas/domain";

// spec §3 Value icon: both readings (public: …, team; admin form: …, award) have an icon.
const icons: Record<ValueIcon, LucideIcon> = {
  heart: Heart,
  book: BookOpen,
  star: Star,
  check: CircleCheck,
  user: User,
  award: Award,
  team: Users,
};

/** Shown for an icon name outside both readings (data entered some other way). */
export const defaultValueIcon: LucideIcon = Sparkles;

export function valueIcon(name: string): LucideIcon {
  return (valueIcons as readonly string[]).includes(name) ? icons[name as ValueIcon] : defaultValueIcon;
}
