import { redirect } from "react-router";
import { languageCookie } from "~/i18n/language";
import { languageChangeSchema } from "~/schemas/language";
import type { Route } from "./+types/language";

/** The language switcher posts here (a plain form, so it works without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = languageChangeSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!submission.success) throw new Response("Unknown language", { status: 400 });
  const { language, redirectTo } = submission.data;
  return redirect(redirectTo, {
    headers: { "Set-Cookie": languageCookie(language, context.config.APP_URL.startsWith("https:")) },
  });
}

export function loader() {
  throw new Response("Method Not Allowed", { status: 405 });
}
