import { Outlet } from "react-router";
import { Logo } from "~/components/site/logo";

/** spec §2: the plain layout of the sign-in pages. */
export default function AuthLayout() {
  return (
    <div className="flex min-h-screen flex-col items-center bg-slate-50 px-4 py-10">
      <Logo />
      <div className="mt-8 w-full max-w-md rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <Outlet />
      </div>
    </div>
  );
}
