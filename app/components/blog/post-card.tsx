// The pieces a blog post is shown with on the list, the sidebar and the article page.
import {
  BookOpen,
  Calendar,
  Clock,
  Globe,
  GraduationCap,
  Lightbulb,
  type LucideIcon,
  Mic,
  Plane,
  SpellCheck,
  Trophy,
  User,
} from "lucide-react";
import { Link } from "react-router";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { useTranslation } from "~/i18n/react";
import { FEATURED_TAG_CHIPS } from "~/lib/blog-rules";
import { langAttribute } from "~/lib/content-language";
import { formatDateVi } from "~/lib/format";
import { imageForWidth, uploadSrcSet } from "~/lib/uploads";
import type { PostSummary } from "~/models/post.server";
import type { BlogCategory } from "~/schemas/domain";
import { POST_ILLUSTRATION_HEIGHT, POST_ILLUSTRATION_WIDTH, postIllustration } from "./post-illustration";

/** A post as the list query gives it; its date may also come as text (a page's JSON). Its
 * `fallbackFields` (ADR 032) are shown in Vietnamese on an English or German page: `lang="vi"`. */
export type PostCardData = Omit<PostSummary, "createdAt" | "fallbackFields"> & {
  createdAt: Date | string;
  fallbackFields?: readonly string[];
};

/** `lang="vi"` on the element showing `field` when the post's text fell back to Vietnamese. */
function fieldLang(post: PostCardData, field: string) {
  return langAttribute({ fallbackFields: post.fallbackFields ?? [] }, field);
}

const categoryLook: Record<BlogCategory, { Icon: LucideIcon; gradient: string }> = {
  tips: { Icon: Lightbulb, gradient: "from-amber-400 to-orange-600" },
  "b1-b2": { Icon: GraduationCap, gradient: "from-blue-600 to-indigo-800" },
  vocabulary: { Icon: BookOpen, gradient: "from-emerald-500 to-teal-700" },
  culture: { Icon: Globe, gradient: "from-rose-500 to-red-700" },
  success: { Icon: Trophy, gradient: "from-yellow-500 to-amber-700" },
  grammar: { Icon: SpellCheck, gradient: "from-violet-500 to-purple-800" },
  pronunciation: { Icon: Mic, gradient: "from-sky-500 to-blue-700" },
  "study-abroad": { Icon: Plane, gradient: "from-teal-500 to-cyan-800" },
};
const fallbackLook = { Icon: BookOpen, gradient: "from-slate-500 to-slate-700" };

export function useCategoryName() {
  const { t } = useTranslation("blog");
  return (category: string) => t(`categories.${category}`, { defaultValue: category });
}

export function CategoryBadge({ category }: { category: string }) {
  const name = useCategoryName();
  return (
    <span className="inline-block rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-semibold text-blue-800">
      {name(category)}
    </span>
  );
}

/** The post's picture, or its category's drawing when it has none (issue 32, ADR 051).
 * Decorative: the title next to it says what the post is. */
export function PostThumbnail({ post, className = "" }: { post: PostCardData; className?: string }) {
  if (post.thumbnail) {
    // An upload comes in two widths (ADR 010): a phone loads the small one.
    return (
      <img
        src={imageForWidth(post.thumbnail, 480)}
        srcSet={uploadSrcSet(post.thumbnail)}
        sizes={uploadSrcSet(post.thumbnail) ? "(min-width: 768px) 400px, 100vw" : undefined}
        alt=""
        loading="lazy"
        className={`w-full object-cover ${className}`}
      />
    );
  }
  return (
    <img
      src={postIllustration(post.category)}
      alt=""
      width={POST_ILLUSTRATION_WIDTH}
      height={POST_ILLUSTRATION_HEIGHT}
      loading="lazy"
      className={`w-full object-cover ${className}`}
    />
  );
}

/** A post's picture when it has none in the admin's post list: its category's gradient and
 * icon, a thumbnail's size. Decorative. */
export function CategoryPlaceholder({
  category,
  className = "",
  iconClassName = "size-12",
}: {
  category: string;
  className?: string;
  iconClassName?: string;
}) {
  const { Icon, gradient } = categoryLook[category as BlogCategory] ?? fallbackLook;
  return (
    <div
      aria-hidden="true"
      className={`flex items-center justify-center bg-gradient-to-br ${gradient} ${className}`}
    >
      <Icon className={`${iconClassName} text-white/90`} />
    </div>
  );
}

/** Author, date (spec §9: dd/mm/yyyy in every language) and read time. */
export function PostMeta({ post, className = "" }: { post: PostCardData; className?: string }) {
  const { t } = useTranslation("blog");
  return (
    <ul className={`flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 ${className}`}>
      <li className="flex items-center gap-1.5">
        <User aria-hidden="true" className="size-4" />
        <span className="sr-only">{t("post.author")}: </span>
        {post.author}
      </li>
      <li className="flex items-center gap-1.5">
        <Calendar aria-hidden="true" className="size-4" />
        <span className="sr-only">{t("post.date")}: </span>
        <time dateTime={new Date(post.createdAt).toISOString()}>{formatDateVi(post.createdAt)}</time>
      </li>
      <li className="flex items-center gap-1.5">
        <Clock aria-hidden="true" className="size-4" />
        {t("post.readTime", { minutes: post.readTime })}
      </li>
    </ul>
  );
}

export function TagChips({
  tags,
  limit,
  lang,
}: {
  tags: readonly string[];
  limit?: number;
  /** The tags' language when not the page's (Vietnamese tags on an English page). */
  lang?: string;
}) {
  const { t } = useTranslation("blog");
  const shown = limit === undefined ? tags : tags.slice(0, limit);
  if (shown.length === 0) return null;
  return (
    <ul aria-label={t("post.tags")} className="flex flex-wrap gap-2">
      {shown.map((tag) => (
        <li
          key={tag}
          lang={lang}
          className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
        >
          #{tag}
        </li>
      ))}
    </ul>
  );
}

/** A card of the article list. The whole card is one link target through the title. A featured
 * card (spec §2/§9) has the badge, a larger title and at most 3 tag chips. */
export function PostCard({ post, featured = false }: { post: PostCardData; featured?: boolean }) {
  const localize = useLocalizedPath();
  const { t } = useTranslation("blog");
  return (
    <article
      className={`group relative flex flex-col overflow-hidden rounded-2xl border bg-white shadow-sm transition-shadow hover:shadow-md ${featured ? "border-amber-200" : "border-slate-200"}`}
    >
      <div className="relative">
        <PostThumbnail post={post} className="aspect-[16/9]" />
        {featured && (
          <span className="absolute top-3 left-3 rounded-full bg-amber-400 px-3 py-1 text-xs font-bold text-slate-900">
            {t("featured.badge")}
          </span>
        )}
      </div>
      <div className={`flex flex-1 flex-col gap-3 ${featured ? "p-6" : "p-5"}`}>
        <div>
          <CategoryBadge category={post.category} />
        </div>
        <h3 className={`font-bold leading-snug text-slate-900 ${featured ? "text-xl" : "text-lg"}`}>
          <Link
            to={localize(`/blog/${post.slug}`)}
            {...fieldLang(post, "title")}
            className="after:absolute after:inset-0 group-hover:text-blue-700 focus-visible:outline-none"
          >
            {post.title}
          </Link>
        </h3>
        <p className="line-clamp-3 text-slate-700" {...fieldLang(post, "excerpt")}>
          {post.excerpt}
        </p>
        {featured && (
          <TagChips tags={post.tags} limit={FEATURED_TAG_CHIPS} lang={fieldLang(post, "tags").lang} />
        )}
        <PostMeta post={post} className="mt-auto pt-2" />
      </div>
    </article>
  );
}

/** A line of the popular list (spec §2: top 4 by views). */
export function PopularPostItem({ post, rank }: { post: PostCardData; rank: number }) {
  const localize = useLocalizedPath();
  return (
    <li className="flex gap-3">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-blue-700 text-sm font-bold text-white"
      >
        {rank}
      </span>
      <div className="min-w-0">
        <Link
          to={localize(`/blog/${post.slug}`)}
          {...fieldLang(post, "title")}
          className="font-semibold leading-snug text-slate-900 hover:text-blue-700 hover:underline"
        >
          {post.title}
        </Link>
        <p className="mt-1 text-xs text-slate-600">
          <time dateTime={new Date(post.createdAt).toISOString()}>{formatDateVi(post.createdAt)}</time>
        </p>
      </div>
    </li>
  );
}
