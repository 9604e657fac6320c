import { defaultCard, previewImageResponse, previewLanguage } from "~/requests/preview-image.server";
import type { Route } from "./+types/og.default";

/** /og/default.png (and under /en, /de): the picture of every page that has none of its own. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return previewImageResponse(request, defaultCard(context.config.APP_URL, previewLanguage(request)));
}
