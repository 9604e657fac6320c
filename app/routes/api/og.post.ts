import { getPublishedPostBySlug } from "~/models/post.server";
import { postCard, previewImageResponse, previewLanguage } from "~/requests/preview-image.server";
import type { Route } from "./+types/og.post";

/** /og/blog/<slug>.png (and under /en, /de): the picture a shared link to a post shows, its title
 * in that language where the post is translated. A draft has none (spec §4: the public sees
 * published posts only), not even for an admin: nobody shares a draft. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const language = previewLanguage(request);
  const post = await getPublishedPostBySlug(context.db, params.slug, language);
  if (!post) throw new Response("Not Found", { status: 404 });
  return previewImageResponse(request, postCard(post, language));
}
