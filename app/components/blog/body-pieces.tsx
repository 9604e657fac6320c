// A long text written in the visual editor, on its public page (ADR 055, ADR 056): the HTML the
// server rendered from its document, and each YouTube video between as its click-to-load facade.
// A post's body, a course's description and the about page's story are shown by this one piece.
import type { BodyPiece } from "~/lib/rich-text/render.server";
import { PostVideo } from "./post-video";

export function BodyPieces({ body }: { body: readonly BodyPiece[] }) {
  return body.map((piece, index) =>
    piece.kind === "youtube" ? (
      <PostVideo key={index} videoId={piece.videoId} />
    ) : (
      <div
        key={index}
        // Written from the document and sanitized on the server (app/lib/rich-text/render.server.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: allow-list sanitized HTML
        dangerouslySetInnerHTML={{ __html: piece.html }}
      />
    ),
  );
}
