// POST /admin/uploads/material: a file for a class's materials, posted by the teacher's form
// (with or without JavaScript) as multipart: classId, title, file. The body reaches this route as
// a counted stream within MATERIAL_MAX_BYTES (server/body-limit.ts). Answers with the way back to
// the class's page, saying what happened as its own forms do (?saved=material), or why not
// (?materialError=<reason>).
import { redirect } from "react-router";
import { staffOnly } from "~/auth/staff-guard.server";
import { MATERIAL_MAX_BYTES } from "~/lib/class-material";
import { log } from "~/lib/log.server";
import { addClassMaterial } from "~/models/class-material.server";
import { getWorkspaceClass } from "~/models/class-workspace.server";
import { parseFormSubmission } from "~/requests/form-echo.server";
import { materialFileSchema } from "~/schemas/class-material";
import { isUuid } from "~/schemas/course";
import type { Route } from "./+types/uploads.material";

export async function loader(args: Route.LoaderArgs) {
  await staffOnly(args, "/admin/uploads/material");
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action(args: Route.ActionArgs) {
  const staff = await staffOnly(args, "/admin/uploads/material");
  const { request, context } = args;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new Response("Bad Request", { status: 400 });
  }
  // The class first: whether the person may add to it decides before anything else is looked at.
  const classId = form.get("classId");
  const courseClass =
    typeof classId === "string" && isUuid(classId)
      ? await getWorkspaceClass(context.db, staff, classId)
      : undefined;
  if (!courseClass) throw new Response("Not found", { status: 404 });
  const submission = parseFormSubmission(form, materialFileSchema);
  const back = (outcome: string) => {
    const day = String(form.get("day") ?? "");
    const query = new URLSearchParams(/^\d{4}-\d{2}-\d{2}$/.test(day) ? { day } : {});
    if (outcome === "added") query.set("saved", "material");
    else query.set("materialError", outcome);
    return redirect(`/admin/my-classes/${courseClass.id}?${query}`, 303);
  };
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return back("missing");
  if (file.size > MATERIAL_MAX_BYTES) return back("tooLarge");
  if (submission.status !== "success") return back("title");
  await addClassMaterial(
    context.db,
    courseClass.id,
    {
      title: submission.value.title,
      file: {
        name: file.name.slice(0, 200) || "file",
        type: file.type,
        bytes: new Uint8Array(await file.arrayBuffer()),
      },
    },
    staff.id,
  );
  log().info({ classId: courseClass.id, bytes: file.size, by: staff.email }, "workspace: material uploaded");
  return back("added");
}
