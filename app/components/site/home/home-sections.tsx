// The home page's live blocks below the spec's (spec §2 Home): the open courses, featured
// testimonials and the newest posts. Their cards are lighter than those of /courses, /about and
// /blog: every label comes from the home namespace and no icon set is imported, so the home page
// loads neither the courses, about nor blog catalogues and stays within its JavaScript budget
// (≤ 130 KB gzip) and hydrates fast enough for Lighthouse mobile ≥ 95. Each card leads to the
// full page; the links are built as there (enrollHref carries the course id).
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { langAttribute } from "~/lib/content-language";
import { PersonCaption } from "../about/person-caption";
import { courseHref, enrollHref } from "../courses/course-links";
import { TitledSection } from "../sections";
import type { HomeCourse, HomePost, HomeTestimonial } from "./home-cards.server";

/** A section's way on to its full page. */
function MoreLink({ to, children }: { to: string; children: string }) {
  const localize = useLocalizedPath();
  return (
    <p className="mt-10 text-center">
      <Link to={localize(to)} className={buttonClass("secondary")}>
        {children}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </p>
  );
}

/** One open course: level, title, fee, description, length, and the ways to enrol or read on. */
function CourseCard({ course }: { course: HomeCourse }) {
  const localize = useLocalizedPath();
  const { t } = useTranslation("home");
  const titleId = `home-course-${course.id}`;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="course-card"
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className={`${course.gradient} p-6 text-white`}>
        <div className="flex items-start justify-between gap-4">
          <div>
            <p className="text-sm font-semibold tracking-wide">
              <span className="sr-only">{t("courses.level")} </span>
              {course.level}
            </p>
            <h3 id={titleId} className="mt-2 text-2xl font-bold" {...langAttribute(course, "title")}>
              {course.title}
            </h3>
          </div>
          <img
            src={course.illustration.src}
            alt={t(`courses.illustration.${course.illustration.key}`)}
            width={160}
            height={160}
            loading="lazy"
            className="size-20 shrink-0 sm:size-24"
          />
        </div>
        <p className="mt-4 text-3xl font-extrabold">
          <span className="sr-only">{t("courses.price")}: </span>
          {course.price}
        </p>
      </div>
      <div className="flex flex-1 flex-col p-6">
        <p className="leading-relaxed text-slate-700" {...langAttribute(course, "description")}>
          {course.description}
        </p>
        <p className="mt-4 text-sm font-semibold text-slate-900">
          <span {...langAttribute(course, "duration")}>{course.duration}</span> ·{" "}
          <span {...langAttribute(course, "lessons")}>{course.lessons}</span>
        </p>
        <div className="mt-auto flex flex-wrap gap-3 pt-6">
          <Link to={localize(enrollHref(course.id))} className={buttonClass("primary", "flex-1")}>
            {t("courses.enroll")}
            <span className="sr-only">
              : <span {...langAttribute(course, "title")}>{course.title}</span>
            </span>
          </Link>
          <Link to={localize(courseHref(course.slug))} className={buttonClass("secondary")}>
            {t("courses.details")}
            <span className="sr-only">
              : <span {...langAttribute(course, "title")}>{course.title}</span>
            </span>
          </Link>
        </div>
      </div>
    </article>
  );
}

/** Every open course, in the catalogue's order (by level); nothing when none is open. */
export function OpenCourses({ courses }: { courses: readonly HomeCourse[] }) {
  const { t } = useTranslation("home");
  if (courses.length === 0) return null;
  return (
    <TitledSection id="home-courses-title" title={t("courses.title")} subtitle={t("courses.subtitle")}>
      <div className="mt-10 grid gap-8 md:grid-cols-2">
        {courses.map((course) => (
          <CourseCard key={course.id} course={course} />
        ))}
      </div>
      <MoreLink to="/courses">{t("courses.more")}</MoreLink>
    </TitledSection>
  );
}

/** The first featured testimonials (spec §2 About, §9): stars (default 5), quote, the result
 * when there is one, name and role; nothing when none is featured. */
export function FeaturedTestimonials({ testimonials }: { testimonials: readonly HomeTestimonial[] }) {
  const { t } = useTranslation("home");
  if (testimonials.length === 0) return null;
  return (
    <TitledSection id="home-testimonials-title" title={t("testimonials.title")}>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {testimonials.map((testimonial) => {
          const { rating } = testimonial;
          return (
            <li key={testimonial.id} data-testid="testimonial">
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                {/* Stars as text: the same look without an icon component per star. */}
                <p
                  role="img"
                  aria-label={t("testimonials.rating", { rating })}
                  data-rating={rating}
                  className="text-xl leading-none tracking-wider"
                >
                  <span aria-hidden="true" className="text-amber-500">
                    {"★".repeat(rating)}
                  </span>
                  <span aria-hidden="true" className="text-slate-300">
                    {"★".repeat(5 - rating)}
                  </span>
                </p>
                <blockquote
                  className="mt-4 flex-1 leading-relaxed text-slate-800"
                  {...langAttribute(testimonial, "content")}
                >
                  <p>“{testimonial.content}”</p>
                </blockquote>
                {testimonial.result && (
                  <p className="mt-4 rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-900">
                    <span className="sr-only">{t("testimonials.result")}: </span>
                    <span {...langAttribute(testimonial, "result")}>{testimonial.result}</span>
                  </p>
                )}
                <PersonCaption
                  avatar=<TestimonialAvatar testimonial={testimonial} />
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

/** The testimonial's photo, or the first letter of the name on the blue pair, as the about
 * page's Avatar draws it. Decorative: the name is written next to it. */
function TestimonialAvatar({ testimonial }: { testimonial: HomeTestimonial }) {
  const look = "size-11 shrink-0 rounded-full text-lg";
  if (testimonial.avatar) {
    return <img src={testimonial.avatar} alt="" loading="lazy" className={`${look} object-cover`} />;
  }
  return (
    <span
      aria-hidden="true"
      className={`${look} flex items-center justify-center bg-gradient-to-br from-blue-700 to-indigo-800 font-bold text-white`}
    >
      {testimonial.initial}
    </span>
  );
}

/** One post: its picture (its upload, else its category's drawing), title as the card's link,
 * excerpt, date and read time. */
function PostCard({ post }: { post: HomePost }) {
  const localize = useLocalizedPath();
  const { t } = useTranslation("home");
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <img
        src={post.thumbnail}
        alt=""
        width={320}
        height={180}
        loading="lazy"
        className="aspect-[16/9] w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 className="text-lg font-bold leading-snug text-slate-900" {...langAttribute(post, "title")}>
          <Link
            to={localize(`/blog/${post.slug}`)}
            className="after:absolute after:inset-0 group-hover:text-blue-700 focus-visible:outline-none"
          >
            {post.title}
          </Link>
        </h3>
        <p className="line-clamp-3 text-slate-700" {...langAttribute(post, "excerpt")}>
          {post.excerpt}
        </p>
        <p className="mt-auto pt-2 text-sm text-slate-600">
          <time dateTime={post.dateTime}>{post.date}</time>
          {" · "}
          {t("posts.readTime", { minutes: post.readTime })}
        </p>
      </div>
    </article>
  );
}

/** The newest published posts; nothing when the blog is empty. */
export function LatestPosts({ posts }: { posts: readonly HomePost[] }) {
  const { t } = useTranslation("home");
  if (posts.length === 0) return null;
  return (
    <TitledSection id="home-posts-title" title={t("posts.title")} band="bg-slate-50">
      <div className="mt-10 grid gap-6 md:grid-cols-3">
        {posts.map((post) => (
          <PostCard key={post.id} post={post} />
        ))}
      </div>
      <MoreLink to="/blog">{t("posts.more")}</MoreLink>
    </TitledSection>
  );
}
