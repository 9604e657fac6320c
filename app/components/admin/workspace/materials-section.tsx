// A class's materials in the teacher's workspace: the list (each opens through /materials/:id,
// which only the class's learners and its staff may), a file's upload and a link's form.
import { getFormProps } from "@conform-to/react";
import { FileText, Link2, Trash2 } from "lucide-react";
import { Form } from "react-router";
import { FormErrors } from "~/components/admin/form-parts";
import { TextField } from "~/components/forms/fields";
import { SubmitButton, SubmitRow, useSubmitting } from "~/components/forms/submit";
import { useAppForm } from "~/components/forms/use-app-form";
import { useTranslation } from "~/i18n/react";
import { MATERIAL_MAX_BYTES, MATERIAL_TITLE_MAX_LENGTH, MATERIAL_UPLOAD_PATH } from "~/lib/class-material";
import { formatDateVi } from "~/lib/format";
import type { ClassMaterial } from "~/models/class-material.server";
import { materialLinkSchema } from "~/schemas/class-material";

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function MaterialsSection({
  classId,
  day,
  materials,
  lastResult,
}: {
  classId: string;
  day: string | undefined;
  materials: readonly ClassMaterial[];
  lastResult: unknown;
}) {
  const { t } = useTranslation("admin-workspace");
  const [form, fields] = useAppForm(materialLinkSchema, { id: "material-link", lastResult });
  const addingLink = useSubmitting("add-link");
  return (
    <section
      aria-labelledby="materials-heading"
      className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="materials-heading" className="font-semibold text-slate-900">
        {t("materials.heading")}
      </h2>
      {materials.length === 0 ? (
        <p className="text-slate-700">{t("materials.empty")}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {materials.map((material) => (
            <li key={material.id} className="flex items-center gap-3 py-2">
              {material.url ? (
                <Link2 aria-hidden="true" className="size-5 shrink-0 text-slate-600" />
              ) : (
                <FileText aria-hidden="true" className="size-5 shrink-0 text-slate-600" />
              )}
              <div className="min-w-0 flex-1">
                <a href={`/materials/${material.id}`} className="font-medium text-blue-700 underline">
                  {material.title}
                </a>
                <p className="text-sm text-slate-600">
                  {material.fileName ? `${material.fileName} · ${megabytes(material.byteSize ?? 0)} · ` : ""}
                  {formatDateVi(material.createdAt)}
                </p>
              </div>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="materialId" value={material.id} />
                {day && <input type="hidden" name="day" value={day} />}
                <SubmitButton
                  name="intent"
                  value="delete-material"
                  variant="secondary"
                  pending={false}
                  className="px-3 py-2 text-red-700"
                  aria-label={t("materials.delete", { title: material.title })}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </SubmitButton>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <Form
          method="post"
          action={MATERIAL_UPLOAD_PATH}
          encType="multipart/form-data"
          reloadDocument
          className="space-y-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200"
        >
          <h3 className="font-medium text-slate-900">{t("materials.file")}</h3>
          <input type="hidden" name="classId" value={classId} />
          {day && <input type="hidden" name="day" value={day} />}
          <TextField
            label={t("materials.title")}
            name="title"
            required
            maxLength={MATERIAL_TITLE_MAX_LENGTH}
          />
          <div className="space-y-1">
            <label htmlFor="material-file" className="block text-sm font-medium text-slate-800">
              {t("materials.chooseFile")}
            </label>
            <input id="material-file" name="file" type="file" required className="block w-full text-sm" />
            <p className="text-sm text-slate-600">
              {t("materials.fileHint", { size: megabytes(MATERIAL_MAX_BYTES) })}
            </p>
          </div>
          <SubmitRow pending={false}>{t("materials.upload")}</SubmitRow>
        </Form>
        <Form
          method="post"
          preventScrollReset
          {...getFormProps(form)}
          className="space-y-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200"
        >
          <h3 className="font-medium text-slate-900">{t("materials.link")}</h3>
          <FormErrors errors={form.errors} />
          {day && <input type="hidden" name="day" value={day} />}
          <TextField
            field={fields.title}
            label={t("materials.title")}
            required
            maxLength={MATERIAL_TITLE_MAX_LENGTH}
          />
          <TextField
            field={fields.url}
            label={t("materials.url")}
            type="url"
            required
            placeholder="https://"
          />
          <SubmitRow name="intent" value="add-link" pending={addingLink} pendingLabel={t("saving")}>
            {t("materials.addLink")}
          </SubmitRow>
        </Form>
      </div>
    </section>
  );
}
