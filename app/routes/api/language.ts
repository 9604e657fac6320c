import { redirect } from "react-router";
import { languageCookie } from "~/i18n/language";
import { switchLanguagePath } from "~/lib/localized-path";
import { safeRedirectTarget } from "~/lib/redirect-target";
import { languageChangeSchema } from "~/schemas/language";
import type { Route } from "./+types/language";

/** The language switcher posts here (a plain form, so it works without JavaScript). The choice
 * is stored, and a public page is left for the same page's address in that language (ADR 032):
 * the one the form names for it, else the path under the language's prefix. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = languageChangeSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!submission.success) throw new Response("Unknown language", { status: 400 });
  const { language, redirectTo } = submission.data;
  const target = submission.data[`redirectTo-${language}`] ?? switchLanguagePath(redirectTo, language);
  // Checked again after the prefix changed (ADR 034): "/en//evil.example" in Vietnamese is
  // "//evil.example".
  const home = switchLanguagePath("/", language);
  return redirect(safeRedirectTarget(target, home), {
    headers: { "Set-Cookie": languageCookie(language, context.config.APP_URL.startsWith("https:")) },
  });
}

export function loader() {
  throw new Response("Method Not Allowed", { status: 405 });
}
