// POST /admin/posts/preview: the post editor's live preview. The Markdown goes
// through the very renderer and sanitizer of the public post page, so what the admin sees is
// what visitors will get — a <script> in the body is gone here too. Answers { html }.
import { data } from "react-router";
import { staffOnly } from "~/auth/staff-guard.server";
import { renderMarkdown } from "~/lib/markdown.server";
import { POST_CONTENT_MAX_LENGTH } from "~/schemas/post";
import type { Route } from "./+types/posts.preview";

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin/posts/preview");
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action(args: Route.ActionArgs) {
  await staffOnly(args, "/admin/posts/preview");
  const content = (await args.request.formData()).get("content");
  if (typeof content !== "string" || content.length > POST_CONTENT_MAX_LENGTH) {
    return data({ html: "" }, { status: 400 });
  }
  return data({ html: renderMarkdown(content) }, { headers: { "Cache-Control": "private, no-store" } });
}
