// What the home page's cards show, worked out on the server: fees and dates formatted, colours
// as classes, image URLs at the card's width (a drawing of ours where there is no upload, ADR
// 051), ratings clamped. The browser then needs none of the modules that do it (format, colours,
// uploads, illustrations, star rating), which keeps the home page within its JavaScript budget
// (≤ 130 KB gzip).
import { formatDateVi, formatPriceVnd } from "~/lib/format";
import { starRating } from "~/lib/star-rating";
import { imageForWidth } from "~/lib/uploads";
import type { listFeaturedTestimonials } from "~/models/about.server";
import type { PublicCourse } from "~/models/course.server";
import type { PostSummary } from "~/models/post.server";
import { postIllustration } from "../../blog/post-illustration";
import { gradientClass } from "../color-gradients";
import { courseIllustration } from "../courses/course-illustration";

export function homeCourse(course: PublicCourse) {
  const { id, slug, level, title, description, duration, lessons, fallbackFields } = course;
  return {
    id,
    slug,
    fallbackFields,
    level,
    title,
    description,
    duration,
    lessons,
    price: formatPriceVnd(course.price),
    gradient: gradientClass(course.color),
    illustration: courseIllustration(level),
  };
}

/** A featured testimonial in the page's language (localizeContent): its translations stay on
 * the server, its fallback fields go along for `lang="vi"`. */
type Testimonial = Omit<Awaited<ReturnType<typeof listFeaturedTestimonials>>[number], "translations"> & {
  fallbackFields: readonly string[];
};

export function homeTestimonial(testimonial: Testimonial) {
  const { name } = testimonial;
  return {
    ...testimonial,
    rating: starRating(testimonial.rating),
    // An avatar is at most 44 CSS pixels wide here: the smallest upload variant will do.
    avatar: testimonial.avatar ? imageForWidth(testimonial.avatar, 128) : null,
    initial: name.trim().charAt(0).toLocaleUpperCase("vi"),
  };
}

export function homePost(post: PostSummary) {
  const { id, title, slug, excerpt, readTime, fallbackFields } = post;
  return {
    id,
    title,
    slug,
    excerpt,
    readTime,
    fallbackFields,
    thumbnail: post.thumbnail ? imageForWidth(post.thumbnail, 480) : postIllustration(post.category),
    dateTime: post.createdAt.toISOString(),
    date: formatDateVi(post.createdAt),
  };
}

export type HomeCourse = ReturnType<typeof homeCourse>;
export type HomeTestimonial = ReturnType<typeof homeTestimonial>;
export type HomePost = ReturnType<typeof homePost>;
