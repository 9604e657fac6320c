// Settings › Home page video: the video the hero's play button plays — a YouTube address, or an
// MP4 uploaded here (ADR 027), whose answer fills the address. Empty means no video, and the hero
// shows no play button. Without JavaScript the address field alone works.
import { getFormProps } from "@conform-to/react";
import { Upload } from "lucide-react";
import { useId, useState } from "react";
import { Form } from "react-router";
import { TextField } from "~/components/forms/fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { useTranslation } from "~/i18n/react";
import { VIDEO_ACCEPT, VIDEO_MAX_BYTES } from "~/lib/videos";
import { homeVideoAddress, homeVideoSchema } from "~/schemas/settings";
import { FormErrors, SaveRow } from "../form-parts";
import { SettingsSection } from "./settings-page";

export function HomeVideoSection({ video, lastResult }: { video: string; lastResult: unknown }) {
  const { t } = useTranslation("admin-settings");
  const [form, fields] = useAppForm(homeVideoSchema, {
    id: "home-video",
    lastResult,
    defaultValue: { video: homeVideoAddress(video) },
  });
  return (
    <SettingsSection id="home-video-heading" title={t("video.heading")} intro={t("video.intro")}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} />
        <TextField
          field={fields.video}
          label={t("video.field")}
          placeholder="https://www.youtube.com/watch?v=…"
          hint={t("video.hint")}
        />
        <VideoUpload onUploaded={(url) => form.update({ name: fields.video.name, value: url })} />
        <SaveRow intent="save-home-video" />
      </Form>
    </SettingsSection>
  );
}

type UploadState =
  | { step: "idle" }
  | { step: "uploading"; percent: number }
  | { step: "done" }
  | { step: "failed"; error: string };

/** Sends the file as the request's body, so that the server streams it into the database; an
 * XMLHttpRequest rather than fetch, because only it reports the upload's progress. */
function sendVideo(file: File, onProgress: (percent: number) => void) {
  return new Promise<{ url?: string; error?: string }>((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/admin/uploads/video");
    request.setRequestHeader("Content-Type", VIDEO_ACCEPT);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.floor((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const answer = (request.response ?? {}) as { url?: string; error?: string };
      resolve(request.status === 200 && answer.url ? { url: answer.url } : { error: answer.error });
    };
    request.onerror = () => resolve({});
    request.send(file);
  });
}

function VideoUpload({ onUploaded }: { onUploaded: (url: string) => void }) {
  const { t } = useTranslation("admin-settings");
  const [state, setState] = useState<UploadState>({ step: "idle" });
  const pickerId = useId();

  async function upload(file: File) {
    // The server checks again, by content; this only spares a pointless upload.
    if (file.size > VIDEO_MAX_BYTES)
      return setState({ step: "failed", error: "video.upload.errors.tooLarge" });
    setState({ step: "uploading", percent: 0 });
    const answer = await sendVideo(file, (percent) => setState({ step: "uploading", percent }));
    if (answer.url) {
      onUploaded(answer.url);
      setState({ step: "done" });
    } else setState({ step: "failed", error: answer.error ?? "video.upload.errors.failed" });
  }

  const uploading = state.step === "uploading";
  return (
    <div className="space-y-2">
      <label
        htmlFor={pickerId}
        className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 focus-within:ring-2 focus-within:ring-blue-600 hover:bg-slate-50"
      >
        <Upload aria-hidden="true" className="size-4" />
        {t("video.upload.choose")}
        <input
          id={pickerId}
          type="file"
          accept={VIDEO_ACCEPT}
          className="sr-only"
          disabled={uploading}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void upload(file);
          }}
        />
      </label>
      <div aria-live="polite" className="text-sm text-slate-700">
        {uploading && (
          <label className="flex items-center gap-3">
            {t("video.upload.uploading", { percent: state.percent })}
            <progress max={100} value={state.percent} className="h-2 w-40" />
          </label>
        )}
        {state.step === "done" && <p>{t("video.upload.done")}</p>}
      </div>
      {state.step === "failed" && (
        <p role="alert" className="text-sm text-red-700">
          {t(state.error)}
        </p>
      )}
    </div>
  );
}
