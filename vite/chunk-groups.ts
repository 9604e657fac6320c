// Chunks of modules that are loaded together anyway (ADR 060). Each file a page loads is
// compressed on its own, so many small chunks cost more bytes than one chunk of the same code.
// A path ending in "/" stands for a folder; any other names one module, without its extension.
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

/** What every page loads: the root route's and entry.client's imports. */
export const SHELL = [
  "app/i18n/translator",
  "app/i18n/i18n",
  "app/i18n/locale-files",
  "app/i18n/load.client",
  "app/i18n/react",
  "app/i18n/language",
  "app/lib/script-json",
  "app/lib/localized-path",
  "app/seo",
  "app/components/request-id",
  "app/components/live-updates",
  "app/components/nonce",
  "app/components/router-data-requests",
  "app/components/ui/use-hydrated",
  "app/components/ui/button",
  "app/components/site/error-page",
  "app/components/site/use-localized-path",
  "app/components/site/logo",
  "app/components/site/language-switcher",
  "node_modules/lucide-react/dist/esm/shared/",
  "node_modules/lucide-react/dist/esm/createLucideIcon",
  "node_modules/lucide-react/dist/esm/Icon",
  "node_modules/lucide-react/dist/esm/context",
  // The spinner of every loading state and every form's button.
  "node_modules/lucide-react/dist/esm/icons/loader-circle",
];

/** What every page of the public site's layout loads besides (not the sign-in pages). */
export const SITE_SHELL = [
  "app/lib/format",
  "app/lib/contact-links",
  "app/components/ui/drawer",
  "app/components/site/sections",
  "app/components/site/social-icons",
  "app/components/site/user-avatar",
  "app/components/site/courses/json-ld",
  ...["chevron-down", "map-pin", "message-circle", "circle-user", "layout-dashboard", "log-out", "menu"].map(
    (icon) => `node_modules/lucide-react/dist/esm/icons/${icon}`,
  ),
];

/** What every form loads: Conform and the hook over it. Not the fields: /profile shows them
 * before any of its forms is opened. */
export const FORMS = [
  "node_modules/@conform-to/react/",
  "node_modules/@conform-to/dom/",
  "app/components/forms/use-app-form",
];

/** Whether the module `id` is one of `modules`. */
export function oneOf(modules: readonly string[]) {
  return (id: string) => {
    const relative = path
      .relative(ROOT, id.split("?")[0] ?? id)
      .split(path.sep)
      .join("/");
    const withoutExtension = relative.replace(/\.[cm]?[jt]sx?$/, "");
    return modules.some((module) =>
      module.endsWith("/") ? relative.startsWith(module) : withoutExtension === module,
    );
  };
}

/** The bundler's groups after React's own: the module lists above. */
export const appChunkGroups = [
  { name: "shell", test: oneOf(SHELL) },
  { name: "site-shell", test: oneOf(SITE_SHELL) },
  { name: "forms", test: oneOf(FORMS) },
];
