// A class's materials (issue 30): files and links a teacher shares with the class. Pure: the
// page's form, the edge's body limit and the server share the numbers.

/** A worksheet, a scan, a recording: 10 MB at most. */
export const MATERIAL_MAX_BYTES = 10 * 1024 * 1024;
export const MATERIAL_TITLE_MAX_LENGTH = 200;
export const MATERIAL_UPLOAD_PATH = "/admin/uploads/material";

/** Types a browser may show in the tab (never HTML or SVG: a file a teacher uploaded must not
 * run script on the school's origin); any other file is downloaded as bytes. */
const shownInline = new Set([
  "application/pdf",
  "image/png",
  "image/jpeg",
  "image/webp",
  "audio/mpeg",
  "audio/mp4",
]);

/** How a stored file is served: its own type when it is one of those, else as a download. */
export function materialDelivery(contentType: string | null) {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return shownInline.has(type)
    ? { contentType: type, disposition: "inline" as const }
    : { contentType: "application/octet-stream", disposition: "attachment" as const };
}

/** A file name safe in a Content-Disposition header (RFC 6266: an ASCII fallback and the UTF-8 name). */
export function contentDisposition(disposition: "inline" | "attachment", fileName: string) {
  const ascii =
    fileName
      .normalize("NFKD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\]/g, "_")
      .trim() || "file";
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
