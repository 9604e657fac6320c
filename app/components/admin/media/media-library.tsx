// The media library's page (ADR 054): the grid of uploaded images, an image's dialog (its alt
// texts, where it is used, replacing it), the delete confirmation that names where an image is
// still used, and the clean-up's dry run.
import { getFormProps } from "@conform-to/react";
import { RefreshCw, Trash2 } from "lucide-react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { AdminDialog, CancelLink, DialogActions } from "~/components/admin/dialog";
import { FormErrors } from "~/components/admin/form-parts";
import { TextField } from "~/components/forms/fields";
import { FilterForm } from "~/components/forms/filter-form";
import { useAppForm } from "~/components/forms/use-app-form";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { DialogFooter } from "~/components/ui/dialog";
import { useTranslation } from "~/i18n/react";
import { dialogHref } from "~/lib/dialog-url";
import { formatDateVi } from "~/lib/format";
import { MEDIA_REPLACE_PATH } from "~/lib/media";
import { imageForWidth, UPLOAD_ACCEPT } from "~/lib/uploads";
import { MEDIA_SEARCH_MAX_LENGTH, type MediaListQuery, mediaAltSchema } from "~/schemas/media";

/** What the page knows of an image (the model's list item, serialised). */
export interface ShownMediaImage {
  id: string;
  key: string;
  url: string;
  originalName: string;
  alt: string;
  translations: Partial<Record<"en" | "de", { alt?: string | readonly string[] }>>;
  width: number | null;
  height: number | null;
  bytes: number;
  createdAt: string | Date;
  unreferencedSince: string | Date | null;
  uses?: ShownMediaUse[];
}

export interface ShownMediaUse {
  kind: string;
  id: string;
  label: string;
  field: string;
}

const kilobytes = (bytes: number) => Math.max(1, Math.round(bytes / 1024));

export function MediaFilters({ query }: { query: MediaListQuery }) {
  return (
    <FilterForm
      namespace="admin-media"
      query={query}
      searchMaxLength={MEDIA_SEARCH_MAX_LENGTH}
      layout="rows"
      resetTo={query.q ? "/admin/media" : undefined}
    />
  );
}

/** The images as cards: the small width of each, its name, size, dimensions, date and uses. */
export function MediaGrid({ images }: { images: ShownMediaImage[] }) {
  const { t } = useTranslation("admin-media");
  const location = useLocation();
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
      {images.map((image) => {
        const uses = image.uses?.length ?? 0;
        return (
          <li key={image.id} className="overflow-hidden rounded-xl bg-white ring-1 ring-slate-200">
            <Link
              to={dialogHref(location.search, { mode: "edit", id: image.id })}
              preventScrollReset
              className="block focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              <img
                src={imageForWidth(image.url, 240)}
                alt={image.alt}
                loading="lazy"
                width={240}
                height={160}
                className="aspect-[3/2] w-full bg-slate-100 object-cover"
              />
              <div className="space-y-1 p-3 text-sm">
                <p className="truncate font-medium text-slate-900">{image.originalName || image.key}</p>
                <p className="text-slate-600">
                  {t("size", { kb: kilobytes(image.bytes) })}
                  {image.width && image.height ? ` · ${image.width}×${image.height}` : ""}
                </p>
                <p className="text-slate-600">{formatDateVi(image.createdAt)}</p>
                <p className={uses ? "text-slate-800" : "text-amber-700"}>
                  {uses ? t("uses.count", { count: uses }) : t("uses.none")}
                </p>
              </div>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Where an image is used: one line per record and field. */
export function MediaUses({ uses }: { uses: ShownMediaUse[] }) {
  const { t } = useTranslation("admin-media");
  if (uses.length === 0) return <p className="text-slate-600">{t("uses.none")}</p>;
  return (
    <ul className="list-disc space-y-1 pl-5 text-slate-800">
      {uses.map((use) => {
        const [language, field] = use.field.includes(".") ? use.field.split(".", 2) : [undefined, use.field];
        return (
          <li key={`${use.kind}/${use.id}/${use.field}`}>
            {t(`uses.kinds.${use.kind}`)}
            {use.label ? `: ${use.label}` : ""} —{" "}
            {t(`uses.fields.${field}`, { defaultValue: t("uses.fields.other") })}
            {language ? ` (${language.toUpperCase()})` : ""}
          </li>
        );
      })}
    </ul>
  );
}

/** An image's dialog: the picture, its facts, where it is used, its alt texts, a replacement and
 * the way to delete it. */
export function MediaDialog({ image, lastResult }: { image: ShownMediaImage; lastResult: unknown }) {
  const { t } = useTranslation("admin-media");
  const location = useLocation();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [form, fields] = useAppForm(mediaAltSchema, {
    id: `media-${image.id}`,
    lastResult,
    defaultValue: {
      alt: image.alt,
      en: String(image.translations.en?.alt ?? ""),
      de: String(image.translations.de?.alt ?? ""),
    },
  });
  const uses = image.uses ?? [];
  return (
    <AdminDialog title={t("dialog.title")} wide>
      <div className="grid gap-6 lg:grid-cols-[2fr_3fr]">
        <div className="space-y-3">
          <img
            src={imageForWidth(image.url, 480)}
            alt={image.alt}
            className="w-full rounded-lg bg-slate-100 object-contain ring-1 ring-slate-200"
          />
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">{t("dialog.name")}</dt>
            <dd className="break-all text-slate-900">{image.originalName || image.key}</dd>
            <dt className="text-slate-600">{t("dialog.address")}</dt>
            <dd className="break-all font-mono text-slate-900">{image.url}</dd>
            <dt className="text-slate-600">{t("dialog.size")}</dt>
            <dd className="text-slate-900">
              {t("size", { kb: kilobytes(image.bytes) })}
              {image.width && image.height ? ` · ${image.width}×${image.height}` : ""}
            </dd>
            <dt className="text-slate-600">{t("dialog.uploaded")}</dt>
            <dd className="text-slate-900">{formatDateVi(image.createdAt)}</dd>
            {image.unreferencedSince && uses.length === 0 && (
              <>
                <dt className="text-slate-600">{t("dialog.unusedSince")}</dt>
                <dd className="text-slate-900">{formatDateVi(image.unreferencedSince)}</dd>
              </>
            )}
          </dl>
        </div>
        <div className="space-y-6">
          <section aria-labelledby="media-uses-heading" className="space-y-2">
            <h3 id="media-uses-heading" className="font-semibold text-slate-900">
              {t("uses.title", { count: uses.length })}
            </h3>
            <MediaUses uses={uses} />
          </section>
          <Form method="post" preventScrollReset {...getFormProps(form)} className="space-y-4">
            <input type="hidden" name="id" value={image.id} />
            <FormErrors errors={form.errors} />
            <TextField field={fields.alt} label={t("fields.alt")} hint={t("fields.altHint")} />
            <TextField field={fields.en} label={t("fields.altEn")} lang="en" />
            <TextField field={fields.de} label={t("fields.altDe")} lang="de" />
            <DialogActions saving={saving} />
          </Form>
          <ReplaceForm image={image} />
          <Link
            to={dialogHref(location.search, { mode: "delete", id: image.id })}
            preventScrollReset
            className={buttonClass("secondary")}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {t("delete")}
          </Link>
        </div>
      </div>
    </AdminDialog>
  );
}

/** "Thay ảnh": a new file for every place the image is shown. A plain multipart form, so it works
 * without JavaScript; the server answers with the new image's dialog. */
function ReplaceForm({ image }: { image: ShownMediaImage }) {
  const { t } = useTranslation("admin-media");
  const location = useLocation();
  const navigation = useNavigation();
  const replacing = navigation.state === "submitting" && navigation.formAction === MEDIA_REPLACE_PATH;
  // A refused file comes back as ?replace=<reason> (the form posts to its own route).
  const refused = new URLSearchParams(location.search).get("replace");
  return (
    <Form
      method="post"
      action={MEDIA_REPLACE_PATH}
      encType="multipart/form-data"
      className="space-y-2 rounded-lg border border-slate-200 p-4"
    >
      <h3 className="font-semibold text-slate-900">{t("replace.title")}</h3>
      <p className="text-sm text-slate-600">{t("replace.hint")}</p>
      {refused && (
        <Alert tone="error">
          {t(`replace.errors.${refused}`, { defaultValue: t("replace.errors.unreadable") })}
        </Alert>
      )}
      <input type="hidden" name="id" value={image.id} />
      <input type="hidden" name="back" value={location.search} />
      <label className="block text-sm font-medium text-slate-800">
        {t("replace.file")}
        <input
          type="file"
          name="file"
          accept={UPLOAD_ACCEPT}
          required
          className="mt-1 block w-full text-sm"
        />
      </label>
      <Button type="submit" variant="secondary" disabled={replacing}>
        <RefreshCw aria-hidden="true" className="size-4" />
        {replacing ? t("replace.working") : t("replace.submit")}
      </Button>
    </Form>
  );
}

/** The delete confirmation: it names where the image is still used (the server refuses then). */
export function MediaDeleteDialog({
  image,
  error,
  uses,
}: {
  image: ShownMediaImage;
  error?: string;
  uses: ShownMediaUse[];
}) {
  const { t } = useTranslation("admin-media");
  const { t: ta } = useTranslation("admin");
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  return (
    <AdminDialog title={ta("dialog.deleteTitle")}>
      <Form method="post" preventScrollReset className="space-y-5">
        {error && <Alert tone="error">{t(error)}</Alert>}
        <p className="text-slate-800">
          {ta("dialog.deleteQuestion", { name: image.originalName || image.key })}
        </p>
        {uses.length > 0 && (
          <div className="space-y-2">
            <p className="font-medium text-slate-900">{t("uses.title", { count: uses.length })}</p>
            <MediaUses uses={uses} />
          </div>
        )}
        <input type="hidden" name="id" value={image.id} />
        <DialogFooter>
          <CancelLink />
          <Button type="submit" name="intent" value="delete" variant="danger" disabled={deleting}>
            {deleting ? ta("dialog.deleting") : ta("dialog.delete")}
          </Button>
        </DialogFooter>
      </Form>
    </AdminDialog>
  );
}

/** The clean-up's dry run: what the next clean-up would delete; nothing is deleted here. */
export function MediaCleanupPreview({ images, days }: { images: ShownMediaImage[]; days: number }) {
  const { t } = useTranslation("admin-media");
  return (
    <section
      aria-labelledby="media-cleanup-heading"
      className="space-y-3 rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-200"
    >
      <h2 id="media-cleanup-heading" className="font-semibold text-slate-900">
        {t("cleanup.title")}
      </h2>
      <p className="text-sm text-slate-700">{t("cleanup.hint", { days })}</p>
      {images.length === 0 ? (
        <p className="text-slate-700">{t("cleanup.nothing")}</p>
      ) : (
        <ul className="space-y-2">
          {images.map((image) => (
            <li key={image.id} className="flex items-center gap-3">
              <img
                src={imageForWidth(image.url, 96)}
                alt=""
                loading="lazy"
                className="size-12 rounded object-cover ring-1 ring-slate-200"
              />
              <span className="text-slate-900">{image.originalName || image.key}</span>
              <span className="text-sm text-slate-600">
                {image.unreferencedSince
                  ? t("cleanup.unusedSince", { date: formatDateVi(image.unreferencedSince) })
                  : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
