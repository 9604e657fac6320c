// POST /api/language through its real route handler: the switcher sends people back where they
// were, and never to another site ("/\evil.example" and "/<TAB>/evil.example" once
// left the site).
import fc from "fast-check";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/config.server";
import { action } from "~/routes/api/language";

const context = { config: parseConfig({ DATA_DIR: "/nonexistent" }) } as AppLoadContext;

async function switchLanguage(
  redirectTo: string,
  alternates: Record<string, string> = {},
  language = "de",
): Promise<Response> {
  const request = new Request("http://localhost:3000/api/language", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ language, redirectTo, ...alternates }),
  });
  try {
    return (await action({ request, context, params: {} } as Parameters<typeof action>[0])) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** Where a browser goes: the Location header resolved against the page's own address. */
const destination = (response: Response) =>
  new URL(response.headers.get("Location") ?? "", "http://localhost:3000/blog");

describe("POST /api/language", () => {
  it("sets the language and goes to the page it came from, at its address in that language", async () => {
    const response = await switchLanguage("/courses?level=b1");
    expect(response.status).toBe(302);
    expect(response.headers.get("Set-Cookie")).toMatch(/^lng=de;/);
    expect(destination(response).href).toBe("http://localhost:3000/de/courses?level=b1");
  });

  it("takes the address the page names for the language (a translated post's own slug)", async () => {
    const response = await switchLanguage("/blog/hoc-tieng-duc", {
      "redirectTo-de": "/de/blog/deutsch-lernen",
    });
    expect(destination(response).href).toBe("http://localhost:3000/de/blog/deutsch-lernen");
  });

  it("leaves an admin page where it is: it has one address for every language", async () => {
    const response = await switchLanguage("/admin/courses");
    expect(destination(response).href).toBe("http://localhost:3000/admin/courses");
  });

  it.each([
    "/\\evil.example",
    "/\t/evil.example",
    "/\\\\evil.example/path",
    "/.//evil.example",
    "//evil.example",
    "https://evil.example/",
  ])("stays on the site for redirectTo=%j", async (redirectTo) => {
    const response = await switchLanguage(redirectTo, { "redirectTo-de": redirectTo });
    expect(response.status).toBe(302);
    expect(destination(response).origin).toBe("http://localhost:3000");
    // The home page, in the language chosen.
    expect(response.headers.get("Location")).toBe("/de");
  });

  // ADR 034: the prefix is taken off after the target was checked; the result is checked again.
  it.each([
    ["/en//evil.example", "vi"],
    ["/de/\\evil.example", "vi"],
    ["/en/\t/evil.example", "vi"],
    ["/de//evil.example/x", "vi"],
    ["/en//evil.example", "en"],
    ["/de//evil.example/x", "de"],
  ])("stays on the site for redirectTo=%j in %s", async (redirectTo, language) => {
    const response = await switchLanguage(redirectTo, {}, language);
    expect(response.status).toBe(302);
    const location = response.headers.get("Location") ?? "";
    expect(location).not.toMatch(/^\/\//);
    expect(new URL(location, "https://school.example/en/blog").origin).toBe("https://school.example");
  });

  it("stays on the site for generated targets, in every language", async () => {
    const piece = fc.constantFrom(
      "/",
      "//",
      "/\\",
      "\t",
      "%2f",
      "%5C",
      "/en",
      "/de",
      "/De",
      "..",
      "evil.example",
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { maxLength: 6 }).map((pieces) => pieces.join("")),
        fc.constantFrom("vi", "en", "de"),
        async (redirectTo, language) => {
          const response = await switchLanguage(
            redirectTo,
            { [`redirectTo-${language}`]: redirectTo },
            language,
          );
          const location = response.headers.get("Location") ?? "";
          expect(new URL(location, "https://school.example/en/blog").origin).toBe("https://school.example");
          const switched = await switchLanguage(redirectTo, {}, language);
          const switchedLocation = switched.headers.get("Location") ?? "";
          expect(new URL(switchedLocation, "https://school.example/").origin).toBe("https://school.example");
        },
      ),
      { numRuns: 300 },
    );
  });
});
