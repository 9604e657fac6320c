// Each test starts from an empty document (Testing Library only cleans up by itself where
// Vitest's globals are on; they are not here).
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// A test waits for what the user would see (`findBy…`, `waitFor`), never for how fast it comes:
// Testing Library's default of 1 s failed a correct test in CI, on a machine busy with the other
// lanes, before the router had shown the page (renderOnPage). The test's own timeout (20 s)
// still bounds a wait for something that never comes.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
});
