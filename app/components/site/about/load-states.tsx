import { useTranslation } from "~/i18n/react";
import { PageLoadError, PageLoading } from "../load-states";

/** spec §2 About: "Đang tải thông tin..." while the page's content is on its way. */
export function AboutLoading() {
  const { t } = useTranslation("about");
  return <PageLoading label={t("loading")} />;
}

/** The about page's content could not be loaded: a translated block, never a blank page. */
export function AboutLoadError() {
  const { t } = useTranslation("about");
  return (
    <PageLoadError retryHref="/about" retryLabel={t("error.retry")}>
      <h2 className="text-xl font-semibold">{t("error.title")}</h2>
      <p className="mt-2">{t("error.text")}</p>
    </PageLoadError>
  );
}
