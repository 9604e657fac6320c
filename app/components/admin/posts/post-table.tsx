// The admin post list: one row per post with its state switches (spec §4 "Nháp"/"Công khai",
// featured) and its actions. Drafts get a preview link (the public post page shows drafts to
// admins), public posts a link to the live page.

import { ExternalLink, Eye, Star } from "lucide-react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { EditDeleteLinks } from "~/components/admin/row-actions";
import { useCategoryName } from "~/components/blog/post-card";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { formatDateVi } from "~/lib/format";
import { imageForWidth } from "~/lib/uploads";

export interface PostTableRow {
  id: string;
  title: string;
  slug: string;
  category: string;
  thumbnail: string | null;
  published: boolean;
  featured: boolean;
  views: number;
  createdAt: Date | string;
}

export function PostTable({ posts }: { posts: readonly PostTableRow[] }) {
  const { t } = useTranslation("admin-posts");
  return (
    <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">{t("columns.caption")}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              {t("columns.title")}
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              {t("columns.category")}
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              {t("columns.status")}
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              {t("columns.featured")}
            </th>
            <th scope="col" className="px-3 py-3 text-right font-semibold">
              {t("columns.views")}
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              {t("columns.date")}
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              {t("columns.actions")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {posts.map((post) => (
            <PostRow key={post.id} post={post} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The value a list switch shows: the new one while its save runs (optimistic). */
function useSwitchValue(post: PostTableRow, intent: string, field: "published" | "featured") {
  const navigation = useNavigation();
  const pending = navigation.formData?.get("intent") === intent && navigation.formData.get("id") === post.id;
  return pending ? navigation.formData?.get(field) === "true" : post[field];
}

function PostRow({ post }: { post: PostTableRow }) {
  const { t } = useTranslation("admin-posts");
  const categoryName = useCategoryName();
  const _location = useLocation();
  const published = useSwitchValue(post, "toggle-published", "published");
  const featured = useSwitchValue(post, "toggle-featured", "featured");
  return (
    <tr className="align-middle">
      <th scope="row" className="px-4 py-3 font-normal">
        <div className="flex items-center gap-3">
          {post.thumbnail ? (
            <img
              src={imageForWidth(post.thumbnail, 96)}
              alt=""
              loading="lazy"
              className="size-10 shrink-0 rounded-lg object-cover ring-1 ring-slate-200"
            />
          ) : (
            <span aria-hidden="true" className="size-10 shrink-0 rounded-lg bg-slate-100" />
          )}
          <span className="min-w-[12rem]">
            <span className="block font-semibold text-slate-900">{post.title}</span>
            <span className="block text-xs break-all text-slate-600">/blog/{post.slug}</span>
          </span>
        </div>
      </th>
      <td className="px-3 py-3 text-slate-700">{categoryName(post.category)}</td>
      <td className="px-3 py-3">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="id" value={post.id} />
          <input type="hidden" name="published" value={String(!published)} />
          <button
            type="submit"
            name="intent"
            value="toggle-published"
            className={`rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap ring-1 ${
              published
                ? "bg-green-50 text-green-800 ring-green-300"
                : "bg-amber-50 text-amber-900 ring-amber-300"
            }`}
          >
            {published ? t("status.public") : t("status.draft")}
            <span className="sr-only"> ({published ? t("toggle.unpublish") : t("toggle.publish")})</span>
          </button>
        </Form>
      </td>
      <td className="px-3 py-3">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="id" value={post.id} />
          <input type="hidden" name="featured" value={String(!featured)} />
          <button
            type="submit"
            name="intent"
            value="toggle-featured"
            className={`inline-flex items-center gap-1 rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap ring-1 ${
              featured
                ? "bg-amber-100 text-amber-900 ring-amber-400"
                : "bg-slate-100 text-slate-700 ring-slate-300"
            }`}
          >
            <Star
              aria-hidden="true"
              className={`size-3.5 ${featured ? "fill-amber-500 text-amber-600" : ""}`}
            />
            {featured ? t("featured.on") : t("featured.off")}
            <span className="sr-only"> ({featured ? t("toggle.unfeature") : t("toggle.feature")})</span>
          </button>
        </Form>
      </td>
      <td className="px-3 py-3 text-right text-slate-700 tabular-nums">{post.views}</td>
      <td className="px-3 py-3 text-slate-700">
        <time dateTime={new Date(post.createdAt).toISOString()}>{formatDateVi(post.createdAt)}</time>
      </td>
      <td className="px-4 py-3">
        <div className="flex justify-end gap-2">
          <Link
            to={`/blog/${encodeURIComponent(post.slug)}`}
            target="_blank"
            aria-label={
              post.published
                ? t("actions.view", { title: post.title })
                : t("actions.preview", { title: post.title })
            }
            className={buttonClass("secondary", "px-2.5 py-2")}
          >
            {post.published ? (
              <ExternalLink aria-hidden="true" className="size-4" />
            ) : (
              <Eye aria-hidden="true" className="size-4" />
            )}
          </Link>
          <EditDeleteLinks
            id={post.id}
            editLabel={t("actions.edit", { title: post.title })}
            deleteLabel={t("actions.delete", { title: post.title })}
            padding="px-2.5 py-2"
          />
        </div>
      </td>
    </tr>
  );
}
