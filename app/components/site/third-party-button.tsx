import { Form } from "react-router";
import { useTranslation } from "~/i18n/react";
import { OrDivider } from "./auth-card";

/** The "or" and the identity-provider button below a password form, when a provider is configured
 * (without one the button could only fail). */
export function ThirdPartySignIn({ mode, available }: { mode: "signIn" | "signUp"; available: boolean }) {
  const { t } = useTranslation("auth");
  if (!available) return null;
  return (
    <>
      <OrDivider label={t("thirdParty.or")} />
      <ThirdPartyButton mode={mode} />
    </>
  );
}

/** The identity-provider button (spec §2). A real form: it works without JavaScript. */
function ThirdPartyButton({ mode }: { mode: "signIn" | "signUp" }) {
  const { t } = useTranslation("auth");
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="third-party" />
      <button
        type="submit"
        className="flex w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
          <path
            fill="#4285F4"
            d="M22 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.6a4.8 4.8 0 0 1-2.1 3.1v2.6h3.4c2-1.8 3.1-4.5 3.1-7.5z"
          />
          <path
            fill="#34A853"
            d="M12 22c2.8 0 5.2-.9 6.9-2.5l-3.4-2.6c-.9.6-2.1 1-3.5 1-2.7 0-5-1.8-5.8-4.3H2.7v2.7A10 10 0 0 0 12 22z"
          />
          <path fill="#FBBC05" d="M6.2 13.6a6 6 0 0 1 0-3.8V7.1H2.7a10 10 0 0 0 0 9.2z" />
          <path
            fill="#EA4335"
            d="M12 6c1.5 0 2.9.5 4 1.5l3-3A10 10 0 0 0 2.7 7.1l3.5 2.7C7 7.8 9.3 6 12 6z"
          />
        </svg>
        {t(mode === "signIn" ? "thirdParty.signIn" : "thirdParty.signUp")}
      </button>
    </Form>
  );
}
