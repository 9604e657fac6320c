// Settings › Home page video: the YouTube video the hero's play button plays. Empty means no
// video, and the hero shows no play button.
import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { TextField } from "~/components/forms/fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { useTranslation } from "~/i18n/react";
import { homeVideoSchema, youtubeWatchUrl } from "~/schemas/settings";
import { FormErrors, SaveRow } from "../form-parts";
import { SettingsSection } from "./settings-page";

export function HomeVideoSection({ video, lastResult }: { video: string; lastResult: unknown }) {
  const { t } = useTranslation("admin-settings");
  const [form, fields] = useAppForm(homeVideoSchema, {
    id: "home-video",
    lastResult,
    defaultValue: { video: video ? youtubeWatchUrl(video) : "" },
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
          type="url"
        />
        <SaveRow intent="save-home-video" />
      </Form>
    </SettingsSection>
  );
}
