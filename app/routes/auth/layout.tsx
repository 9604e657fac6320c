import { Outlet } from "react-router";
import { LanguageSwitcher } from "~/components/site/language-switcher";
import { Logo } from "~/components/site/logo";

/** spec §2: the plain layout of the sign-in pages. */
export default function AuthLayout() {
  return (
    <div className="flex min-h-screen flex-col items-center bg-slate-50 px-4 py-10">
      {/* The language can be chosen before signing in, as on the public pages. */}
      <header className="flex w-full max-w-md flex-wrap items-center justify-between gap-3">
        <Logo />
        <LanguageSwitcher />
      </header>
      <div className="mt-8 w-full max-w-md rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <Outlet />
      </div>
    </div>
  );
}
