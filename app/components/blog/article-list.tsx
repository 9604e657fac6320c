// The article list of /blog with "load more" (issue 6): without JavaScript the button is a link
// to ?page=N+1; with JavaScript it fetches that page from the same loader and appends it.
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { type BlogFilters, blogUrl } from "~/lib/blog-rules";
import { PostCard, type PostCardData } from "./post-card";

/** What the blog's loader answers for ?page=N (the same loader as the page). */
interface ListPage {
  content: { list: { posts: PostCardData[]; hasMore: boolean } };
}

/** Keyed by the filters by its parent, so appended pages are dropped when the filters change. */
export function ArticleList({
  posts,
  hasMore,
  filters,
}: {
  posts: PostCardData[];
  hasMore: boolean;
  filters: BlogFilters;
}) {
  const { t } = useTranslation("blog");
  const fetcher = useFetcher<ListPage>();
  const [appended, setAppended] = useState<PostCardData[]>([]);
  const [nextPage, setNextPage] = useState(filters.page + 1);
  const [more, setMore] = useState(hasMore);

  // A live update reloads the first page; until a page is appended, it decides about "more".
  useEffect(() => {
    if (nextPage === filters.page + 1) setMore(hasMore);
  }, [hasMore, nextPage, filters.page]);

  // The page asked for by the last click; a live update also reloads a fetcher's data, which
  // must not be appended a second time.
  const requested = useRef<number | null>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || requested.current === null) return;
    requested.current = null;
    const { posts: loaded, hasMore: loadedHasMore } = fetcher.data.content.list;
    setAppended((current) => [
      ...current,
      ...loaded.filter((post) => !current.some((c) => c.id === post.id)),
    ]);
    setNextPage((page) => page + 1);
    setMore(loadedHasMore);
  }, [fetcher.state, fetcher.data]);

  const shown = [...posts, ...appended.filter((post) => !posts.some((p) => p.id === post.id))];
  const nextUrl = blogUrl({ ...filters, page: nextPage });
  const loading = fetcher.state !== "idle";

  return (
    <div>
      <ul className="grid gap-6 sm:grid-cols-2">
        {shown.map((post) => (
          <li key={post.id} className="flex">
            <div className="w-full">
              <PostCard post={post} />
            </div>
          </li>
        ))}
      </ul>
      <p aria-live="polite" className="sr-only">
        {loading ? t("list.loading") : ""}
      </p>
      {more ? (
        <div className="mt-8 text-center">
          <Link
            to={nextUrl}
            preventScrollReset
            rel="next"
            aria-disabled={loading || undefined}
            className={buttonClass("secondary", loading ? "pointer-events-none opacity-70" : "")}
            onClick={(event) => {
              event.preventDefault();
              if (loading) return;
              requested.current = nextPage;
              void fetcher.load(nextUrl);
            }}
          >
            {loading ? t("list.loading") : t("list.loadMore")}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
