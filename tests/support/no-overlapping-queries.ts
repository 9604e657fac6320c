// pg queues a query sent on a connection that is still busy with another, and warns that its next
// major version will refuse it. Inside a transaction (one connection) that is a Promise.all over
// the transaction's queries. The warning fails the test that caused it, so such code is found now
// rather than when pg 9 arrives. (Node warns once per process: fix one, and the next shows.)
import { afterEach, expect } from "vitest";

const overlapping: string[] = [];

process.on("warning", (warning) => {
  if (warning.message.includes("already executing a query"))
    overlapping.push(warning.stack ?? warning.message);
});

afterEach(() => {
  // Emptied as it is reported: the test that caused the warning fails, not the ones after it.
  const found = overlapping.splice(0);
  expect(found, "a query was sent on a connection still busy with another").toEqual([]);
});
