import { Link } from "react-router";
import { useLocalizedPath } from "~/components/site/use-localized-path";
import { useTranslation } from "~/i18n/react";
import { useFailedRequestId } from "../request-id";

/** A translated page for error statuses (404, 403, 500…) with a way home. */
export function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  const kind = status === 404 ? "notFound" : status === 403 ? "forbidden" : "server";
  // A server error is in the log under this id (ADR 016).
  const requestId = useFailedRequestId();
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center"
    >
      <title>{`${t(`errors.${kind}.title`)} | ${t("brand.name")}`}</title>
      <p className="text-6xl font-bold text-blue-700">{status}</p>
      <h1 className="text-2xl font-bold">{t(`errors.${kind}.title`)}</h1>
      <p className="text-slate-600">{t(`errors.${kind}.text`)}</p>
      {kind === "server" && requestId ? (
        <p className="text-sm text-slate-600">
          <span className="font-mono" data-request-id={requestId}>
            {t("errors.server.code", { id: requestId })}
          </span>
          <br />
          {t("errors.server.codeHint")}
        </p>
      ) : null}
      <Link
        to={localize("/")}
        className="rounded-md bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800"
      >
        {t("errors.backHome")}
      </Link>
    </main>
  );
}
