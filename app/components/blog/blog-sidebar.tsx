// The blog page's side column (spec §2 Blog): categories with post counts, the popular list and
// the help card. The newsletter box is in newsletter-box.tsx.
import { LifeBuoy, TrendingUp } from "lucide-react";
import { Link } from "react-router";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { useTranslation } from "~/i18n/react";
import { type BlogFilters, blogUrl } from "~/lib/blog-rules";
import { type BlogCategory, blogCategories } from "~/schemas/domain";
import { SideCard } from "../site/sections";
import { PopularPostItem, type PostCardData, useCategoryName } from "./post-card";

export interface CategoryCounts {
  all: number;
  byCategory: Partial<Record<BlogCategory, number>>;
}

/** spec §2: a category sidebar with post counts; categories with zero posts are hidden. Links
 * keep the search text, so a search can be narrowed to one category. */
export function CategoryNav({ counts, filters }: { counts: CategoryCounts; filters: BlogFilters }) {
  const localize = useLocalizedPath();
  const { t } = useTranslation("blog");
  const name = useCategoryName();
  const entries: { key: BlogCategory | "all"; label: string; total: number }[] = [
    { key: "all", label: t("categories.all"), total: counts.all },
    ...blogCategories
      .map((category) => ({ key: category, label: name(category), total: counts.byCategory[category] ?? 0 }))
      .filter((entry) => entry.total > 0),
  ];
  return (
    <nav aria-labelledby="blog-categories-title" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="blog-categories-title" className="text-lg font-bold">
        {t("categories.title")}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2 lg:flex-col lg:gap-1">
        {entries.map((entry) => {
          const active = filters.category === entry.key;
          return (
            <li key={entry.key}>
              <Link
                to={localize(blogUrl({ q: filters.q, category: entry.key }))}
                aria-current={active ? "page" : undefined}
                preventScrollReset
                className={`flex items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
                  active
                    ? "bg-blue-700 text-white"
                    : "bg-slate-50 text-slate-800 hover:bg-blue-50 hover:text-blue-800"
                }`}
              >
                <span>{entry.label}</span>
                <span
                  className={`rounded-full px-2 text-xs font-semibold ${active ? "bg-white/20" : "bg-white text-slate-700"}`}
                >
                  <span aria-hidden="true">{entry.total}</span>
                  <span className="sr-only">{t("categories.count", { total: entry.total })}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** spec §2/§9: the popular list, top 4 by views. */
export function PopularPosts({ posts }: { posts: PostCardData[] }) {
  const { t } = useTranslation("blog");
  if (posts.length === 0) return null;
  return (
    <SideCard
      id="blog-popular-title"
      title={t("popular.title")}
      icon={<TrendingUp aria-hidden="true" className="size-5 text-blue-700" />}
      className="border border-slate-200 bg-white p-5"
    >
      <ol className="mt-4 space-y-4">
        {posts.map((post, index) => (
          <PopularPostItem key={post.id} post={post} rank={index + 1} />
        ))}
      </ol>
    </SideCard>
  );
}

/** spec §2: a help card linking to /contact. */
export function HelpCard() {
  const localize = useLocalizedPath();
  const { t } = useTranslation("blog");
  return (
    <SideCard
      id="blog-help-title"
      title={t("help.title")}
      icon={<LifeBuoy aria-hidden="true" className="size-8 text-amber-700" />}
      iconAbove
      className="border border-amber-200 bg-amber-50 p-5"
    >
      <p className="mt-2 text-sm text-slate-700">{t("help.text")}</p>
      <Link
        to={localize("/contact")}
        className="mt-4 inline-block rounded-lg bg-amber-400 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-amber-300"
      >
        {t("help.cta")}
      </Link>
    </SideCard>
  );
}
