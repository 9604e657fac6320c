// GET /admin/media/picker?q=&page=: the media library as JSON for an image field's or the post
// editor's "Chọn từ thư viện" (ADR 054): the addresses and alt texts of a page of images.
import { staffOnly } from "~/auth/staff-guard.server";
import { listMediaImages, MEDIA_PAGE_SIZE } from "~/models/media.server";
import { readMediaListQuery } from "~/schemas/media";
import type { Route } from "./+types/media.picker";

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin/media/picker");
  const query = readMediaListQuery(new URL(args.request.url).searchParams);
  const { images, total } = await listMediaImages(args.context.db, query);
  return Response.json(
    {
      total,
      pageSize: MEDIA_PAGE_SIZE,
      images: images.map((image) => ({
        id: image.id,
        url: image.url,
        name: image.originalName || image.key,
        alt: image.alt,
        width: image.width,
        height: image.height,
      })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
