import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import { articleBodyClass } from "~/components/blog/article-body";
import { articleJsonLd } from "~/components/blog/article-json-ld";
import { BodyPieces } from "~/components/blog/body-pieces";
import { CategoryBadge, PostCard, PostMeta } from "~/components/blog/post-card";
import { ShareLinks } from "~/components/blog/share-links";
import type { RouteHandle } from "~/components/live-updates";
import { JsonLd } from "~/components/site/courses/json-ld";
import { ErrorPage } from "~/components/site/error-page";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { Alert } from "~/components/ui/alert";
import { defaultLanguage, type Language, languageFromPath } from "~/i18n/language";
import { useTranslation } from "~/i18n/react";
import { blogUrl, isBlogCategory } from "~/lib/blog-rules";
import { langAttribute } from "~/lib/content-language";
import { localizePath, type PageAlternates } from "~/lib/localized-path";
import { can } from "~/lib/permissions";
import { renderStoredBody } from "~/lib/rich-text/render.server";
import { imageForWidth, uploadSrcSet } from "~/lib/uploads";
import { getPostBySlugForPreview, getPublishedPostBySlug, listRelatedPosts } from "~/models/post.server";
import { requestLanguage } from "~/requests/request-language";
import { getViewerRole } from "~/requests/viewer.server";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/blog-post";

export const handle: RouteHandle = { liveTopics: ["posts"] };

/** A post's address in `language` (ADR 032): /blog/<slug>, /en/blog/<slug>, /de/blog/<slug>. */
function postPath(slug: string, language: Language) {
  return localizePath(`/blog/${encodeURIComponent(slug)}`, language);
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, config } = context;
  const url = new URL(request.url);
  const language = requestLanguage(request);
  // spec §4: the public sees published posts only; an unknown slug or a draft is a 404, except
  // that an admin may preview a draft. A post is found by its slug in any language (ADR 032).
  let post = await getPublishedPostBySlug(db, params.slug, language);
  if (!post && can(await getViewerRole(request, context), "content")) {
    post = await getPostBySlugForPreview(db, params.slug, language);
  }
  if (!post) throw new Response("Not Found", { status: 404 });

  // Each language has one address for the post: its own slug there when translated, else the
  // Vietnamese one (the fallback page). Any other slug — the Vietnamese slug on /de/… of a post
  // translated into German, a German slug at /blog/… — moves there for good. An unprefixed
  // address is the Vietnamese one whatever the cookie says.
  const addressLanguage = languageFromPath(url.pathname) ?? defaultLanguage;
  const ownSlug = addressLanguage === defaultLanguage ? post.originalSlug : post.slug;
  if (params.slug !== ownSlug) {
    throw redirect(`${postPath(ownSlug, addressLanguage)}${url.search}`, 301);
  }

  const preview = !post.published;
  const { content, ...summary } = post;
  const related = await listRelatedPosts(db, post, language);
  // Only the languages the post is written in have an address of their own (hreflang, switcher).
  const alternates: PageAlternates = Object.fromEntries(
    Object.entries(post.slugs).map(([each, slug]) => [each, postPath(slug, each as Language)]),
  );
  return data(
    {
      post: summary,
      body: renderStoredBody(content, "markdown"),
      related,
      url: `${config.APP_URL}${postPath(ownSlug, addressLanguage)}`,
      preview,
      alternates,
      /** The page's language has no version of this post: it is shown in Vietnamese, with a note. */
      onlyVietnamese: language !== defaultLanguage && post.slugs[language] === undefined,
      /** The language the body is written in, for the article's structured data. */
      contentLanguage: post.fallbackFields.includes("content") ? defaultLanguage : language,
    },
    // A draft preview is for the admin alone: never cached, never stored along the way.
    preview ? { headers: { "Cache-Control": "private, no-store" } } : undefined,
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.loaderData;
  if (!loaded) return []; // the error page sets its own title
  const { post, preview } = loaded;
  return [
    ...pageMeta(args, {
      title: post.title,
      description: post.excerpt,
      // The generated card rather than the cover: it carries the title and the school's name at
      // the size every network shows whole, and a draft (which has no card) gets the default.
      // The card's address names the post by its Vietnamese slug, which finds it in every
      // language; the card is drawn in the page's language.
      image: preview ? undefined : `/og/blog/${encodeURIComponent(post.originalSlug)}.png`,
      type: "article",
    }),
    { property: "article:published_time", content: new Date(post.createdAt).toISOString() },
    { property: "article:modified_time", content: new Date(post.updatedAt).toISOString() },
    ...(preview ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const localize = useLocalizedPath();
  const { t } = useTranslation("blog");
  const { t: tc } = useTranslation("content-language");
  const { post, body, related, url, preview, onlyVietnamese, contentLanguage } = loaderData;
  useCountView(post.id, preview);

  return (
    <main id="main">
      <JsonLd data={import.meta.env.SSR ? articleJsonLd(post, url, contentLanguage) : undefined} />
      <article className="mx-auto max-w-3xl px-4 pt-8 pb-12">
        <Link
          to={localize("/blog")}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-blue-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("post.back")}
        </Link>
        {preview ? (
          <div className="mt-4">
            <Alert tone="info">{t("post.preview")}</Alert>
          </div>
        ) : null}
        <header className="mt-6">
          <Link to={localize(isBlogCategory(post.category) ? blogUrl({ category: post.category }) : "/blog")}>
            <CategoryBadge category={post.category} />
          </Link>
          <h1
            className="mt-3 text-3xl font-extrabold leading-tight tracking-tight sm:text-4xl"
            {...langAttribute(post, "title")}
          >
            {post.title}
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-slate-700" {...langAttribute(post, "excerpt")}>
            {post.excerpt}
          </p>
          <PostMeta post={post} className="mt-5" />
        </header>
        {post.thumbnail ? (
          <img
            src={imageForWidth(post.thumbnail, 1200)}
            srcSet={uploadSrcSet(post.thumbnail)}
            sizes="(min-width: 768px) 768px, 100vw"
            alt=""
            className="mt-8 aspect-[16/9] w-full rounded-2xl object-cover"
          />
        ) : null}
        {onlyVietnamese ? (
          <p className="mt-8 rounded-lg bg-slate-100 px-4 py-3 text-slate-700">{tc("onlyVietnamese")}</p>
        ) : null}
        <div {...langAttribute(post, "content")} className={`article-body mt-8 ${articleBodyClass}`}>
          <BodyPieces body={body} />
        </div>
        {post.tags.length > 0 ? (
          <section aria-labelledby="post-tags-title" className="mt-10 flex flex-wrap items-center gap-2">
            <h2 id="post-tags-title" className="text-sm font-semibold text-slate-700">
              {t("post.tags")}:
            </h2>
            <ul className="flex flex-wrap gap-2" {...langAttribute(post, "tags")}>
              {post.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={localize(blogUrl({ q: tag }))}
                    className="rounded-md bg-slate-100 px-2 py-1 text-sm font-medium text-slate-800 hover:bg-blue-50 hover:text-blue-800"
                  >
                    #{tag}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <div className="mt-8 border-t border-slate-200 pt-6">
          <ShareLinks url={url} />
        </div>
      </article>

      {related.length > 0 ? (
        <section aria-labelledby="related-title" className="bg-slate-50">
          <div className="mx-auto max-w-6xl px-4 py-12">
            <h2 id="related-title" className="text-2xl font-bold">
              {t("post.related")}
            </h2>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((item) => (
                <li key={item.id} className="flex">
                  <div className="w-full">
                    <PostCard post={item} />
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </main>
  );
}

/** Counts this reading once the page runs in a browser (see app/routes/api/post-view.ts for why
 * not in the loader). A draft preview is not a reading. */
function useCountView(postId: string, preview: boolean) {
  useEffect(() => {
    if (preview) return;
    void fetch(`/api/posts/${postId}/views`, { method: "POST", keepalive: true }).catch(() => {});
  }, [postId, preview]);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
