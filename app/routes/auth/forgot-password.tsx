import { PagePlaceholder } from "~/components/site/page-placeholder";
import { pageMeta } from "~/seo";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "pages.forgotPassword");

export default function Page() {
  return <PagePlaceholder page="pages.forgotPassword" />;
}
