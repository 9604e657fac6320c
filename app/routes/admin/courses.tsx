import { type AdminHandle, adminOnly, unknownIntent } from "~/components/admin/admin-page";
import { useTranslation } from "~/i18n/react";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/courses";

export const handle: AdminHandle = { adminTitle: "pages.courses.title" };

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin:pages.courses");

export async function loader(args: Route.LoaderArgs) {
  await adminOnly(args);
  return null;
}

export async function action(args: Route.ActionArgs) {
  await adminOnly(args);
  unknownIntent();
}

export default function AdminPage() {
  const { t } = useTranslation("admin");
  return (
    <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h1 className="text-2xl font-bold text-slate-900">{t("pages.courses.title")}</h1>
      <p className="mt-2 text-slate-700">{t("pages.courses.description")}</p>
    </section>
  );
}
