// The home page's live blocks below the spec's (spec §2 Home): the open courses, featured
// testimonials and the newest posts, each with the cards of its own page, so a change to a card
// (the course card's enrolment link, say) shows here too.
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { PostCard, type PostCardData } from "~/components/blog/post-card";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import type { PublicCourse } from "~/models/course.server";
import { CourseCard } from "../courses/course-card";
import { TitledSection } from "../sections";

/** A section's way on to its full page. */
function MoreLink({ to, children }: { to: string; children: string }) {
  return (
    <p className="mt-10 text-center">
      <Link to={to} className={buttonClass("secondary")}>
        {children}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </p>
  );
}

/** Every open course, in the catalogue's order (by level); nothing when none is open. */
export function OpenCourses({ courses }: { courses: readonly PublicCourse[] }) {
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

/** The newest published posts; nothing when the blog is empty. */
export function LatestPosts({ posts }: { posts: readonly PostCardData[] }) {
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
