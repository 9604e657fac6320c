// Structured data is built on the server only (ADR 065): the browser's build passes no data, and
// the script the server wrote must survive hydration, or a crawler that runs the page's scripts
// would find it empty.
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NonceProvider } from "~/components/nonce";
import { JsonLd } from "~/components/site/courses/json-ld";

const course = { "@context": "https://schema.org", "@type": "Course", name: "Tiếng Đức A1 </script>" };

describe("structured data", () => {
  it("keeps the server's script when the page hydrates without the data", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(
      <NonceProvider value="nonce-1">
        <JsonLd data={course} />
      </NonceProvider>,
    );
    const written = container.querySelector('script[type="application/ld+json"]')?.textContent;
    expect(JSON.parse(written ?? "{}")).toEqual(course);
    // "<" is escaped, so no name can close the script element.
    expect(written).not.toContain("</script>");

    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <NonceProvider value="">
          <JsonLd data={undefined} />
        </NonceProvider>,
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('script[type="application/ld+json"]')?.textContent).toBe(written);
  });
});
