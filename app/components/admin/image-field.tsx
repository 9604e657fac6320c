// An image in an admin form (ADR 010): a web address typed in, or a file picked and uploaded
// at once to /admin/uploads, whose answer fills the address. The form saves the address either
// way; without JavaScript the address field alone works. "Chọn từ thư viện" fills it with an image
// already uploaded (ADR 054), for staff who may see the media library.
import { Loader2, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { imageForWidth, UPLOAD_ACCEPT, UPLOAD_MAX_BYTES } from "~/lib/uploads";
import { type FieldBinding, TextField } from "../forms/fields";
import { ImagePickerButton } from "./media/image-picker";

/** Bound to a form's field like the other field components; a form without Conform passes the
 * name, the stored address and the errors. A form reset (the field's key) starts it afresh. */
export function ImageField({
  field,
  ...props
}: {
  field?: FieldBinding;
  name?: string;
  label: string;
  defaultValue?: string;
  errors?: string[];
  /** Offer "Chọn từ thư viện": only to whoever may open the media library. */
  library?: boolean;
}) {
  const initial = typeof field?.initialValue === "string" ? field.initialValue : undefined;
  return (
    <ImageAddress
      key={field?.key}
      name={props.name ?? field?.name ?? ""}
      label={props.label}
      defaultValue={props.defaultValue ?? initial}
      errors={props.errors ?? field?.errors}
      library={props.library ?? true}
    />
  );
}

function ImageAddress({
  name,
  label,
  defaultValue,
  errors,
  library,
}: {
  name: string;
  label: string;
  defaultValue?: string;
  errors?: string[];
  library: boolean;
}) {
  const { t } = useTranslation("admin");
  const [url, setUrl] = useState(defaultValue ?? "");
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string>();
  const picker = useRef<HTMLInputElement>(null);
  const pickerId = useId();

  async function upload(file: File) {
    setUploadError(undefined);
    // The server checks again by content; this only spares a pointless upload.
    if (file.size > UPLOAD_MAX_BYTES) {
      setUploadError("upload.errors.tooLarge");
      return;
    }
    setUploading(true);
    try {
      const body = new FormData();
      body.set("file", file);
      const response = await fetch("/admin/uploads", { method: "POST", body });
      const answer = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
      if (response.ok && answer.url) setUrl(answer.url);
      else setUploadError(answer.error ?? "upload.errors.failed");
    } catch {
      setUploadError("upload.errors.failed");
    } finally {
      setUploading(false);
      if (picker.current) picker.current.value = "";
    }
  }

  const shownErrors = [...(errors ?? []), ...(uploadError ? [`admin:${uploadError}`] : [])];
  return (
    <div className="space-y-2">
      <div className="flex items-end gap-3">
        <div className="min-w-0 flex-1">
          <TextField
            label={label}
            name={name}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            placeholder="https://"
            hint={t("upload.hint")}
            errors={shownErrors.length ? shownErrors : undefined}
          />
        </div>
        {url && /^(https?:\/\/|\/uploads\/)/.test(url) && (
          <img
            src={imageForWidth(url, 96)}
            alt={t("upload.preview")}
            className="mb-7 size-14 shrink-0 rounded-lg object-cover ring-1 ring-slate-200"
          />
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <label
          htmlFor={pickerId}
          className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 focus-within:ring-2 focus-within:ring-blue-600 hover:bg-slate-50"
        >
          {uploading ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Upload aria-hidden="true" className="size-4" />
          )}
          {uploading ? t("upload.uploading") : t("upload.choose")}
          <input
            ref={picker}
            id={pickerId}
            type="file"
            accept={UPLOAD_ACCEPT}
            className="sr-only"
            disabled={uploading}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload(file);
            }}
          />
        </label>
        {library && <ImagePickerButton onPick={(image) => setUrl(image.url)} />}
      </div>
    </div>
  );
}
