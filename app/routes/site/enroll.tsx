import { PagePlaceholder } from "~/components/site/page-placeholder";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/enroll";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "pages.enroll");

export default function Page() {
  return <PagePlaceholder page="pages.enroll" />;
}
