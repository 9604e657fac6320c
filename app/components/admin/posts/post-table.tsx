// The admin post list: one row per post with its state switches (spec §4 "Nháp"/"Công khai",
// featured) and its actions. Drafts get a preview link (the public post page shows drafts to
// admins), public posts a link to the live page.

import { ExternalLink, Eye, Star } from "lucide-react";
import { Link, useLocation } from "react-router";
import { ContentLanguageBadges } from "~/components/admin/content-language/content-language-switch";
import { DataTable } from "~/components/admin/data-table";
import { EditDeleteLinks } from "~/components/admin/row-actions";
import { SwitchForm, useSwitchValue } from "~/components/admin/switch-form";
import { CategoryPlaceholder, useCategoryName } from "~/components/blog/post-card";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { formatDateTimeVi, formatDateVi } from "~/lib/format";
import { imageForWidth } from "~/lib/uploads";
import type { AdminPostRow } from "~/models/post-admin.server";

/** A post as the admin list query gives it; its date may also come as text (a page's JSON). */
export type PostTableRow = Omit<AdminPostRow, "createdAt" | "publishAt"> & {
  createdAt: Date | string;
  publishAt: Date | string | null;
};

export function PostTable({ posts }: { posts: readonly PostTableRow[] }) {
  const { t } = useTranslation("admin-posts");
  const { t: tc } = useTranslation("content-language");
  return (
    <DataTable
      caption={t("columns.caption")}
      columns={[
        { label: t("columns.title"), className: "px-4 py-3 font-semibold" },
        { label: t("columns.category"), className: "px-3 py-3 font-semibold" },
        { label: tc("column"), className: "px-3 py-3 font-semibold" },
        { label: t("columns.status"), className: "px-3 py-3 font-semibold" },
        { label: t("columns.featured"), className: "px-3 py-3 font-semibold" },
        { label: t("columns.views"), className: "px-3 py-3 text-right font-semibold" },
        { label: t("columns.date"), className: "px-3 py-3 font-semibold" },
        { label: t("columns.actions"), className: "px-4 py-3 text-right font-semibold" },
      ]}
      scrollClassName="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      tableClassName="w-full min-w-[54rem] text-left text-sm"
      headClassName="border-b border-slate-200 bg-slate-50 text-slate-700"
      bodyClassName="divide-y divide-slate-200"
    >
      {posts.map((post) => (
        <PostRow key={post.id} post={post} />
      ))}
    </DataTable>
  );
}

function PostRow({ post }: { post: PostTableRow }) {
  const { t } = useTranslation("admin-posts");
  const categoryName = useCategoryName();
  const _location = useLocation();
  const published = useSwitchValue(post.id, "toggle-published", "published", post.published);
  const featured = useSwitchValue(post.id, "toggle-featured", "featured", post.featured);
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
            <CategoryPlaceholder
              category={post.category}
              className="size-10 shrink-0 rounded-lg"
              iconClassName="size-5"
            />
          )}
          <span className="min-w-[12rem]">
            <span className="block font-semibold text-slate-900">{post.title}</span>
            <span className="block text-xs break-all text-slate-600">/blog/{post.slug}</span>
          </span>
        </div>
      </th>
      <td className="px-3 py-3 text-slate-700">{categoryName(post.category)}</td>
      <td className="px-3 py-3">
        <ContentLanguageBadges present={["vi", ...post.translated]} />
      </td>
      {[
        {
          field: "published",
          on: published,
          tone: !published
            ? "bg-amber-50 text-amber-900 ring-amber-300"
            : post.state === "scheduled"
              ? "bg-blue-50 text-blue-800 ring-blue-300"
              : "bg-green-50 text-green-800 ring-green-300",
          icon: null,
          // A scheduled post (ADR 053) says when; switching it off unschedules it (a draft again).
          label: !published
            ? t("status.draft")
            : post.state === "scheduled" && post.publishAt
              ? t("status.scheduledAt", { date: formatDateTimeVi(post.publishAt) })
              : t("status.public"),
          action: !published
            ? t("toggle.publish")
            : post.state === "scheduled"
              ? t("toggle.unschedule")
              : t("toggle.unpublish"),
        },
        {
          field: "featured",
          on: featured,
          tone: featured
            ? "bg-amber-100 text-amber-900 ring-amber-400"
            : "bg-slate-100 text-slate-700 ring-slate-300",
          icon: (
            <Star
              aria-hidden="true"
              className={`size-3.5 ${featured ? "fill-amber-500 text-amber-600" : ""}`}
            />
          ),
          label: featured ? t("featured.on") : t("featured.off"),
          action: featured ? t("toggle.unfeature") : t("toggle.feature"),
        },
      ].map((toggle) => (
        <td key={toggle.field} className="px-3 py-3">
          <SwitchForm
            id={post.id}
            intent={`toggle-${toggle.field}`}
            field={toggle.field}
            on={toggle.on}
            className={`inline-flex items-center gap-1 rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap ring-1 ${toggle.tone}`}
          >
            {toggle.icon}
            {toggle.label}
            <span className="sr-only"> ({toggle.action})</span>
          </SwitchForm>
        </td>
      ))}
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
              post.state === "public"
                ? t("actions.view", { title: post.title })
                : t("actions.preview", { title: post.title })
            }
            className={buttonClass("secondary", "px-2.5 py-2")}
          >
            {post.state === "public" ? (
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
