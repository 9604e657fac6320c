import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { i18n } from "./i18n/i18n";
import { defaultLanguage, isLanguage } from "./i18n/language";
import { loadLanguage } from "./i18n/load.client";

// The server rendered the page in the language of <html lang>; hydrate with the same texts.
const serverLanguage = document.documentElement.lang;
await loadLanguage(isLanguage(serverLanguage) ? serverLanguage : defaultLanguage);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <HydratedRouter />
      </I18nextProvider>
    </StrictMode>,
  );
});
