import { PagePlaceholder } from "~/components/site/page-placeholder";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "pages.login");

export default function Page() {
  return <PagePlaceholder page="pages.login" />;
}
