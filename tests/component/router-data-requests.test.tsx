import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readRouterDataWhole } from "~/components/router-data-requests";

// ADR 059: React Router gets a page's data answer only once it is whole, so a navigation
// cancelled while the answer still arrives fails the fetch (which React Router ignores) instead
// of a read React Router leaves uncaught. Everything else (the live-update stream above all)
// keeps arriving as it comes.

/** An answer that sends `content` at once and ends only when told to, or fails when its
 * request is cancelled, as the browser's do. */
function arrivingAnswer(content: string, signal: AbortSignal | undefined, init?: ResponseInit) {
  let end = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(content));
      end = () => controller.close();
      signal?.addEventListener("abort", () =>
        controller.error(new DOMException("BodyStreamBuffer was aborted", "AbortError")),
      );
    },
  });
  return { response: new Response(body, init), end };
}

const fetchBefore = window.fetch;
let answers: ReturnType<typeof arrivingAnswer>[];

beforeEach(() => {
  answers = [];
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const answer = arrivingAnswer(`answer to ${String(input)}\n`, init?.signal ?? undefined, {
      status: 200,
      headers: { "X-Remix-Response": "yes", "Content-Type": "text/x-script" },
    });
    answers.push(answer);
    return answer.response;
  };
  readRouterDataWhole();
});

afterEach(() => {
  window.fetch = fetchBefore;
});

describe("a page's data answer", () => {
  it("comes back whole, with its status and headers, once the server has ended it", async () => {
    let settled = false;
    const pending = window
      .fetch(new URL("/blog.data?_routes=routes%2Fsite%2Fblog", window.location.href))
      .then((response) => {
        settled = true;
        return response;
      });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    answers[0]?.end();
    const response = await pending;
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Remix-Response")).toBe("yes");
    expect(await response.text()).toMatch(/^answer to .*\/blog\.data/);
  });

  it("fails the fetch itself when its navigation is cancelled before the answer ends", async () => {
    const navigation = new AbortController();
    const pending = window.fetch("/courses.data", { signal: navigation.signal });
    await new Promise((resolve) => setTimeout(resolve, 20));
    navigation.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });
});

it("leaves every other answer, the live-update stream's first, to arrive as it comes", async () => {
  const response = await window.fetch("/api/events", { headers: { Accept: "text/event-stream" } });
  const reader = response.body?.getReader();
  const first = await reader?.read();
  expect(new TextDecoder().decode(first?.value)).toBe("answer to /api/events\n");
  answers[0]?.end();
  expect((await reader?.read())?.done).toBe(true);
});
