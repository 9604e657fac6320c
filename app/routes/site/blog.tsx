import { Rss } from "lucide-react";
import { isRouteErrorResponse, Link, type ShouldRevalidateFunction, useLocation } from "react-router";
import { ArticleList } from "~/components/blog/article-list";
import { CategoryNav, HelpCard, PopularPosts } from "~/components/blog/blog-sidebar";
import { NewsletterBox } from "~/components/blog/newsletter-box";
import { PostCard, useCategoryName } from "~/components/blog/post-card";
import { SearchForm } from "~/components/blog/search-form";
import type { RouteHandle } from "~/components/live-updates";
import { ErrorPage } from "~/components/site/error-page";
import { PageLoadError, PageLoading } from "~/components/site/load-states";
import { arrivingAt, PendingContent } from "~/components/site/pending-content";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { buttonClass } from "~/components/ui/button";
import { defaultLanguage, languageFromPath } from "~/i18n/language";
import { useTranslation } from "~/i18n/react";
import { type BlogFilters, blogUrl, parseBlogFilters } from "~/lib/blog-rules";
import { localizePath } from "~/lib/localized-path";
import {
  countPublishedPostsByCategory,
  listFeaturedPosts,
  listPopularPosts,
  listPublishedPosts,
} from "~/models/post.server";
import { requestLanguage } from "~/requests/request-language";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/blog";

export const handle: RouteHandle = { liveTopics: ["posts"] };

export const meta: Route.MetaFunction = (args) => pageMeta(args, "blog:meta");

// Depends on the URL, the language and the database only (anonymous page cache, keyed by
// language): ?q=&category=&page=. Posts come in the page's language where translated (ADR 032).
export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = parseBlogFilters(new URL(request.url).searchParams);
  const language = requestLanguage(request);
  // spec §2: the featured section only when the category filter is "all"; also not while
  // searching or on later pages, where it would sit above results it has nothing to do with.
  const showFeatured = filters.category === "all" && !filters.q && filters.page === 1;
  const [list, counts, featured, popular] = await Promise.all([
    listPublishedPosts(context.db, filters, language),
    countPublishedPostsByCategory(context.db),
    showFeatured ? listFeaturedPosts(context.db, language) : [],
    listPopularPosts(context.db, language),
  ]);
  return { filters, content: { list, counts, featured, popular } };
}

// spec §2 Blog "loading text": a client-side navigation into the blog opens it at once with
// "Đang tải bài viết..." until the posts arrive (components/site/pending-content.tsx). A search,
// a category, "load more" or a live update on the page keeps the posts shown meanwhile.
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const loaded = serverLoader();
  if (!arrivingAt(request)) return await loaded;
  return {
    filters: parseBlogFilters(new URL(request.url).searchParams),
    content: loaded.then((data) => data.content),
  };
}

// Subscribing to the newsletter changes nothing this page shows.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === "/api/newsletter" ? false : defaultShouldRevalidate;

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("blog");
  const { filters, content } = loaderData;
  return (
    <main id="main">
      <section className="bg-gradient-to-b from-blue-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-12 text-center lg:py-16">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{t("hero.title")}</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-700">{t("hero.subtitle")}</p>
          <SearchForm filters={filters} />
        </div>
      </section>
      <PendingContent value={content} fallback={<BlogLoading />} errorElement={<BlogLoadError />}>
        {(loaded) => <BlogContent filters={filters} {...loaded} />}
      </PendingContent>
    </main>
  );
}

type BlogData = Awaited<ReturnType<typeof loader>>["content"];

function BlogContent({ filters, list, counts, featured, popular }: BlogData & { filters: BlogFilters }) {
  const { t } = useTranslation("blog");
  // The feed of the address's language (/en/blog → /en/blog/rss.xml): only the posts written in it.
  const feed = localizePath("/blog/rss.xml", languageFromPath(useLocation().pathname) ?? defaultLanguage);
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 pb-16 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr] lg:items-start">
      <div className="lg:col-start-2 lg:row-start-1">
        <CategoryNav counts={counts} filters={filters} />
      </div>

      <div className="space-y-12 lg:col-start-1 lg:row-span-2 lg:row-start-1">
        {featured.length > 0 ? (
          <section aria-labelledby="blog-featured-title">
            <h2 id="blog-featured-title" className="text-2xl font-bold">
              {t("featured.title")}
            </h2>
            <ul className="mt-6 grid gap-6 md:grid-cols-2">
              {featured.map((post) => (
                <li key={post.id} className="flex">
                  <div className="w-full">
                    <PostCard post={post} featured />
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby="blog-list-title">
          <ListHeading filters={filters} total={list.total} />
          <div className="mt-6">
            {list.posts.length > 0 ? (
              <ArticleList
                key={`${filters.q}|${filters.category}|${filters.page}`}
                posts={list.posts}
                hasMore={list.hasMore}
                filters={filters}
              />
            ) : (
              <EmptyState filters={filters} />
            )}
          </div>
        </section>
      </div>

      <aside className="space-y-6 lg:col-start-2 lg:row-start-2">
        <PopularPosts posts={popular} />
        <NewsletterBox />
        <HelpCard />
        <p className="text-center text-sm">
          <a href={feed} className="inline-flex items-center gap-1.5 text-slate-700 hover:text-blue-700">
            <Rss aria-hidden="true" className="size-4" />
            {t("feed.subscribe")}
          </a>
        </p>
      </aside>
    </div>
  );
}

function BlogLoading() {
  const { t } = useTranslation("blog");
  return <PageLoading label={t("list.loading")} />;
}

/** The posts could not be loaded on the way in: a translated block with a way to retry. */
function BlogLoadError() {
  const { t } = useTranslation("blog");
  return (
    <PageLoadError retryHref="/blog" retryLabel={t("loadError.retry")}>
      <p className="font-semibold">{t("loadError.text")}</p>
    </PageLoadError>
  );
}

function ListHeading({ filters, total }: { filters: BlogFilters; total: number }) {
  const localize = useLocalizedPath();
  const { t } = useTranslation("blog");
  const categoryName = useCategoryName();
  const title = filters.q
    ? t("search.results", { query: filters.q, total })
    : filters.category !== "all"
      ? categoryName(filters.category)
      : t("list.title");
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h2 id="blog-list-title" className="text-2xl font-bold">
        {title}
      </h2>
      {filters.page > 1 ? (
        <p className="text-sm text-slate-600">
          {t("list.page", { page: filters.page })} ·{" "}
          <Link
            to={localize(blogUrl({ q: filters.q, category: filters.category }))}
            className="font-semibold text-blue-700 underline"
          >
            {t("list.firstPage")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** spec §2: the two empty states, with a clear-filter button when searching. */
function EmptyState({ filters }: { filters: BlogFilters }) {
  const localize = useLocalizedPath();
  const { t } = useTranslation("blog");
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center">
      <p className="text-lg font-semibold text-slate-800">
        {filters.q ? t("empty.search") : t("empty.category")}
      </p>
      {filters.q ? (
        <Link to={localize("/blog")} preventScrollReset className={buttonClass("secondary", "mt-6")}>
          {t("empty.clearFilter")}
        </Link>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
