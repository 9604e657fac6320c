// A material's form in the teacher's workspace: a title and a link, or a title and a file (the
// upload's own route reads the file). Shared by the forms and the actions.
import { z } from "zod";
import { MATERIAL_TITLE_MAX_LENGTH } from "~/lib/class-material";

const title = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .max(MATERIAL_TITLE_MAX_LENGTH, { error: "validation.tooLong" });

export const materialLinkSchema = z.object({
  title,
  url: z
    .url({ protocol: /^https?$/, error: "admin-workspace:errors.url" })
    .max(2000, { error: "validation.tooLong" }),
});

/** The file itself is read by the upload's route (a File, within MATERIAL_MAX_BYTES). */
export const materialFileSchema = z.object({ title });

export const materialDeleteSchema = z.object({ materialId: z.uuid({ error: "admin:errors.notFound" }) });
