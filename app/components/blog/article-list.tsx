// The article list of /blog with "load more": without JavaScript the button is a link
// to ?page=N+1; with JavaScript it asks the same loader for pages 1…N+1 at once (`through`) and
// shows that list in place of the server-rendered one.
//
// What is shown is derived from the loaded data, never accumulated by effects: a live update
// reloads the whole list in one query (a post published meanwhile cannot push another one out
// of sight), and the fetcher has a key of its own, so a re-mounted list still finds its data.
import { Link, useFetcher } from "react-router";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { type BlogFilters, blogUrl, MAX_PAGES_AT_ONCE } from "~/lib/blog-rules";
import { PostCard, type PostCardData } from "./post-card";

/** What the blog's loader answers (the same loader as the page). */
interface ListData {
  filters: BlogFilters;
  content: { list: { posts: PostCardData[]; hasMore: boolean } };
}

/** Keyed by the filters by its parent, so loaded pages are dropped when the filters change. */
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
  const localize = useLocalizedPath();
  const fetcher = useFetcher<ListData>({ key: `blog-list ${localize(blogUrl({ ...filters, through: 0 }))}` });
  const loaded = fetcher.data;
  const shown = loaded ? loaded.content.list.posts : posts;
  const more = loaded ? loaded.content.list.hasMore : hasMore;
  const nextPage = ((loaded ? loaded.filters : filters).through ?? filters.page) + 1;
  const nextUrl = localize(blogUrl({ ...filters, page: nextPage, through: nextPage }));
  const canAppend = nextPage < filters.page + MAX_PAGES_AT_ONCE;
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
              if (!canAppend) return; // a plain link to the next page
              event.preventDefault();
              if (!loading) void fetcher.load(localize(blogUrl({ ...filters, through: nextPage })));
            }}
          >
            {loading ? t("list.loading") : t("list.loadMore")}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
