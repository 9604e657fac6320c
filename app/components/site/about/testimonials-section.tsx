import { Star, Trophy } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { langAttribute } from "~/lib/content-language";
import { starRating } from "~/lib/star-rating";
import { TitledSection } from "../sections";
import { Avatar } from "./avatar";
import { PersonCaption } from "./person-caption";

interface Testimonial {
  id: string;
  name: string;
  role: string;
  content: string;
  rating: number | null;
  result: string | null;
  avatar: string | null;
  /** The texts shown in Vietnamese on an English or German page (localizeContent). */
  fallbackFields: readonly string[];
}

/** spec §2 About: featured testimonials with stars (default 5), quote, optional result line,
 * name and role. */
export function TestimonialsSection({ testimonials }: { testimonials: readonly Testimonial[] }) {
  const { t } = useTranslation("about");
  if (testimonials.length === 0) return null;
  return (
    <TitledSection id="testimonials-title" title={t("testimonials.title")}>
      <ul className="mt-10 grid gap-6 md:grid-cols-2">
        {testimonials.map((testimonial) => {
          const rating = starRating(testimonial.rating);
          return (
            <li key={testimonial.id} data-testid="testimonial">
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <div
                  role="img"
                  aria-label={t("testimonials.rating", { rating })}
                  data-rating={rating}
                  className="flex gap-0.5"
                >
                  {[1, 2, 3, 4, 5].map((star) => (
                    <Star
                      key={star}
                      aria-hidden="true"
                      className={`size-5 ${star <= rating ? "fill-amber-400 text-amber-500" : "text-slate-300"}`}
                    />
                  ))}
                </div>
                <blockquote
                  className="mt-4 flex-1 leading-relaxed text-slate-800"
                  {...langAttribute(testimonial, "content")}
                >
                  <p>“{testimonial.content}”</p>
                </blockquote>
                {testimonial.result && (
                  <p className="mt-4 flex items-start gap-2 rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-900">
                    <Trophy aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    <span>
                      <span className="sr-only">{t("testimonials.result")}: </span>
                      <span {...langAttribute(testimonial, "result")}>{testimonial.result}</span>
                    </span>
                  </p>
                )}
                <PersonCaption
                  avatar=<Avatar name={testimonial.name} src={testimonial.avatar} size="size-11 text-lg" />
                  name={testimonial.name}
                  role={testimonial.role}
                  roleLang={langAttribute(testimonial, "role")}
                />
              </figure>
            </li>
          );
        })}
      </ul>
    </TitledSection>
  );
}
