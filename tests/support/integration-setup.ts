// Run before each integration test file (vitest.config.ts), in the worker that the files share
// (`isolate: false`): the hooks it registers are the file's own.
import { afterAll, afterEach, expect } from "vitest";
import { dropTestDatabases } from "./test-database";

// The first registered, so it runs after the file's own afterAll hooks, which close what they
// opened (a change bus, a second pool) before their database is dropped.
afterAll(dropTestDatabases);

// pg queues a query sent on a connection that is still busy with another, and warns that its next
// major version will refuse it. Inside a transaction (one connection) that is a Promise.all over
// the transaction's queries. The warning fails the test that caused it, so such code is found now
// rather than when pg 9 arrives. (Node warns once per process: fix one, and the next shows.)
// One list and one listener for the worker, however many files run in it.
const shared = globalThis as { overlappingQueries?: string[] };
if (!shared.overlappingQueries) {
  const found: string[] = [];
  shared.overlappingQueries = found;
  process.on("warning", (warning) => {
    if (warning.message.includes("already executing a query")) found.push(warning.stack ?? warning.message);
  });
}
const overlapping = shared.overlappingQueries;

afterEach(() => {
  // Emptied as it is reported: the test that caused the warning fails, not the ones after it.
  const found = overlapping.splice(0);
  expect(found, "a query was sent on a connection still busy with another").toEqual([]);
});
