import { PagePlaceholder } from "~/components/site/page-placeholder";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "pages.blog");

export default function Page() {
  return <PagePlaceholder page="pages.blog" />;
}
