// Component tests render a piece of the UI in a simulated DOM (happy-dom), the way a page of
// the app would: inside a data router (React Router's createRoutesStub) whose root route answers
// with the page's language, as the root loader does, and with the translator that language
// selects, holding every namespace as on the server. No browser, no server, no database.
import { render, screen } from "@testing-library/react";
import { createContext, type ReactNode, useContext } from "react";
import { createRoutesStub } from "react-router";
import type { Language } from "~/i18n/language";
import { I18nProvider } from "~/i18n/react";
import { i18n } from "~/i18n/resources.server";
import { flattenTranslations, type TranslationTree } from "../support/translation-keys";

const PAGE_TEST_ID = "component-under-test";

/** What the page shows: the piece under test, handed in by renderOnPage. */
const ComponentUnderTest = createContext<ReactNode>(null);

function Page() {
  return <div data-testid={PAGE_TEST_ID}>{useContext(ComponentUnderTest)}</div>;
}

function BeforeTheLoaderAnswers() {
  return null;
}

/** Renders `ui` on a page at `path` in `language`, and waits until the router has shown it. */
export async function renderOnPage(
  ui: ReactNode,
  { language = "vi", path = "/" }: { language?: Language; path?: string } = {},
) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "*",
      loader: () => ({ language }),
      HydrateFallback: BeforeTheLoaderAnswers,
      Component: Page,
    },
  ]);
  const rendered = render(
    <I18nProvider i18n={i18n.withLanguage(language)}>
      <ComponentUnderTest.Provider value={ui}>
        <Stub initialEntries={[path]} />
      </ComponentUnderTest.Provider>
    </I18nProvider>,
  );
  const page = await screen.findByTestId(PAGE_TEST_ID);
  return { ...rendered, page };
}

const localeFiles = import.meta.glob<{ default: TranslationTree }>("../../app/locales/vi/*.json", {
  eager: true,
});

/** Every i18n key with a dot in it, bare ("details.title") and with its namespace
 * ("payment:details.title"): what a text shows when a translation is missing. */
const translationKeys = Object.entries(localeFiles).flatMap(([file, module]) => {
  const namespace = /\/([^/]+)\.json$/.exec(file)?.[1] ?? "";
  return [...flattenTranslations(module.default).keys()]
    .filter((key) => key.includes("."))
    .flatMap((key) => [key, `${namespace}:${key}`]);
});

/** The i18n keys that appear in `text` as they are, untranslated. */
export function rawKeysIn(text: string): string[] {
  return translationKeys.filter((key) => text.includes(key));
}
