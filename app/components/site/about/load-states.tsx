import { LoaderCircle } from "lucide-react";
import { useTranslation } from "~/i18n/react";

/** spec §2 About: "Đang tải thông tin..." while the page's content is on its way. */
export function AboutLoading() {
  const { t } = useTranslation("about");
  return (
    <div className="mx-auto max-w-6xl px-4 py-16" role="status">
      <p className="flex items-center justify-center gap-3 text-lg text-slate-700">
        <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-blue-700" />
        {t("loading")}
      </p>
    </div>
  );
}

/** The about page's content could not be loaded: a translated block, never a blank page. */
export function AboutLoadError() {
  const { t } = useTranslation("about");
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <div role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-6 text-center text-red-800">
        <h2 className="text-xl font-semibold">{t("error.title")}</h2>
        <p className="mt-2">{t("error.text")}</p>
        <a href="/about" className="mt-4 inline-block font-semibold underline underline-offset-4">
          {t("error.retry")}
        </a>
      </div>
    </div>
  );
}
