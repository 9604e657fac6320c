import { useTranslation } from "~/i18n/react";
import type { Analytics } from "~/models/analytics.server";
import { AnalyticsCard } from "./card";

/** The most read blog posts of the period, with their views of all time beside. */
export function TopPosts({ posts }: { posts: Analytics["topPosts"] }) {
  const { t } = useTranslation("admin-analytics");
  return (
    <AnalyticsCard id="posts-heading" title={t("posts.heading")}>
      {posts.length === 0 ? (
        <p className="py-4 text-slate-600">{t("empty")}</p>
      ) : (
        <ol className="space-y-2">
          {posts.map((post, index) => (
            <li key={post.id} className="flex items-baseline justify-between gap-3 text-sm">
              <span className="min-w-0">
                <span className="mr-2 font-semibold text-slate-600">{index + 1}.</span>
                <a href={`/blog/${post.slug}`} className="font-medium text-blue-800 underline">
                  {post.title}
                </a>
              </span>
              <span className="shrink-0 text-slate-800">
                {t("posts.views", { count: post.views })}{" "}
                <span className="text-slate-600">({t("posts.total", { count: post.total })})</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </AnalyticsCard>
  );
}
