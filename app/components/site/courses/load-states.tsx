import { LoaderCircle } from "lucide-react";
import { useTranslation } from "~/i18n/react";

/** spec §2 Courses: "Đang tải khóa học..." while the list is on its way. */
export function CoursesLoading() {
  const { t } = useTranslation("courses");
  return (
    <div className="mx-auto max-w-6xl px-4 py-16" role="status">
      <p className="flex items-center justify-center gap-3 text-lg text-slate-700">
        <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-blue-700" />
        {t("loading")}
      </p>
    </div>
  );
}

/** spec §2/§8 "Lỗi: {message}" when the course list cannot be loaded. The message is ours, in
 * the reader's language: the technical cause is in the server log, not on the page. */
export function CoursesLoadError() {
  const { t } = useTranslation("courses");
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <div role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-6 text-center text-red-800">
        <p className="text-lg font-semibold">{t("loadError", { message: t("loadErrorMessage") })}</p>
        <a href="/courses" className="mt-4 inline-block font-semibold underline underline-offset-4">
          {t("retry")}
        </a>
      </div>
    </div>
  );
}
