import { ChevronDown, LayoutDashboard, LogOut, UserCircle } from "lucide-react";
import { useId } from "react";
import { Form, Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import { useDisclosure } from "./use-disclosure";

export interface HeaderUser {
  name: string;
  image: string | null;
  isAdmin: boolean;
}

/** spec §2: a greeting and a menu with Profile, Admin panel (admins only) and Logout. */
export function UserMenu({ user }: { user: HeaderUser }) {
  const { t } = useTranslation();
  const { open, setOpen, container, button } = useDisclosure<HTMLDivElement, HTMLButtonElement>();
  const listId = useId();

  const itemClass =
    "flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-50";
  return (
    <div ref={container} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100"
      >
        {user.image ? (
          <img src={user.image} alt="" className="size-8 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-blue-700 text-white"
          >
            {user.name.trim().charAt(0).toUpperCase()}
          </span>
        )}
        <span>{t("account.greeting", { name: user.name })}</span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute right-0 top-full z-50 mt-1 min-w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
      >
        <li>
          <Link to="/profile" className={itemClass}>
            <UserCircle aria-hidden="true" className="size-4" />
            {t("account.profile")}
          </Link>
        </li>
        {user.isAdmin && (
          <li>
            <Link to="/admin" className={itemClass}>
              <LayoutDashboard aria-hidden="true" className="size-4" />
              {t("account.admin")}
            </Link>
          </li>
        )}
        <li>
          <Form method="post" action="/logout">
            <button type="submit" className={itemClass}>
              <LogOut aria-hidden="true" className="size-4" />
              {t("account.logout")}
            </button>
          </Form>
        </li>
      </ul>
    </div>
  );
}
