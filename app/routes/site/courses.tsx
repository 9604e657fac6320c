import { PagePlaceholder } from "~/components/site/page-placeholder";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/courses";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "pages.courses");

export default function Page() {
  return <PagePlaceholder page="pages.courses" />;
}
