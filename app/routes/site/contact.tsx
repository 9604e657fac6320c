import { PagePlaceholder } from "~/components/site/page-placeholder";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "pages.contact");

export default function Page() {
  return <PagePlaceholder page="pages.contact" />;
}
