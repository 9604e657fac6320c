import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { watchFailedRequests } from "./components/request-id";
import { readRouterDataWhole } from "./components/router-data-requests";
import { i18n } from "./i18n/i18n";
import { defaultLanguage, isLanguage } from "./i18n/language";
import { loadLanguage, loadNamespace } from "./i18n/load.client";
import { addPageTexts, I18nProvider, namespacesOfPage } from "./i18n/react";

// The server rendered the page in the language of <html lang> with the namespaces it lists, and
// wrote their texts into the page: hydrate with exactly those texts loaded (any missing one is
// fetched first).
const serverLanguage = document.documentElement.lang;
const language = isLanguage(serverLanguage) ? serverLanguage : defaultLanguage;
addPageTexts(i18n.store);
await Promise.all(namespacesOfPage().map((namespace) => loadNamespace(language, namespace)));
await loadLanguage(language);

// The error page after a failed client-side navigation shows the failed request's id (ADR 016).
watchFailedRequests();
// A navigation cancelled while its data still arrives must not leave errors behind (ADR 059).
readRouterDataWhole();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <HydratedRouter />
      </I18nProvider>
    </StrictMode>,
    {
      // React's recoverable error says only that it recovered; its cause says from what, which
      // the console (and a failing end-to-end test) then shows too.
      onRecoverableError(error) {
        const cause = error instanceof Error ? error.cause : undefined;
        console.error(error, ...(cause === undefined ? [] : ["cause:", cause]));
      },
    },
  );
});
