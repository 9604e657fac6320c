import { PagePlaceholder } from "~/components/site/page-placeholder";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "pages.signup");

export default function Page() {
  return <PagePlaceholder page="pages.signup" />;
}
