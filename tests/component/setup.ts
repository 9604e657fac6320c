// Each test starts from an empty document (Testing Library only cleans up by itself where
// Vitest's globals are on; they are not here).
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => {
  cleanup();
});
