import { PagePlaceholder } from "~/components/site/page-placeholder";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "pages.profile");

export default function Page() {
  return <PagePlaceholder page="pages.profile" />;
}
