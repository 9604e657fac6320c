import { useTranslation } from "~/i18n/react";
import { PageLoadError, PageLoading } from "../load-states";

/** spec §2 Courses: "Đang tải khóa học..." while the list is on its way. */
export function CoursesLoading() {
  const { t } = useTranslation("courses");
  return <PageLoading label={t("loading")} />;
}

/** spec §2/§8 "Lỗi: {message}" when the course list cannot be loaded. */
export function CoursesLoadError() {
  const { t } = useTranslation("courses");
  return (
    <PageLoadError width="max-w-6xl" retryHref="/courses" retryLabel={t("retry")}>
      <p className="text-lg font-semibold">{t("loadError", { message: t("loadErrorMessage") })}</p>
    </PageLoadError>
  );
}
