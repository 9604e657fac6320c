// Settings' links to the audit log and to erasing a person (their own routes, not tabs of settings.tsx).
import { Link } from "react-router";
import { useTranslation } from "~/i18n/react";

const linkClass =
  "rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50";

export function PrivacyLinks() {
  const { t } = useTranslation("personal-data");
  return (
    <>
      <Link to="/admin/settings/audit" className={linkClass}>
        {t("links.audit")}
      </Link>
      <Link to="/admin/settings/erase" className={linkClass}>
        {t("links.erase")}
      </Link>
    </>
  );
}
