import { PagePlaceholder } from "~/components/site/page-placeholder";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "pages.about");

export default function Page() {
  return <PagePlaceholder page="pages.about" />;
}
