// Structured data is built on the server only (ADR 065): the browser's build passes no data, and
// the script the server wrote must survive hydration, or a crawler that runs the page's scripts
// would find it empty.
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter, useNavigate } from "react-router";
import { describe, expect, it } from "vitest";
import { NonceProvider } from "~/components/nonce";
import { JsonLd } from "~/components/site/courses/json-ld";

/** A page of the course at `/courses/a1`, with a way to navigate to another. */
let navigate: ((to: string) => void) | undefined;
function CoursePage({ data }: { data: object | undefined }) {
  navigate = useNavigate();
  return <JsonLd data={data} />;
}

const course = { "@context": "https://schema.org", "@type": "Course", name: "Tiếng Đức A1 </script>" };

describe("structured data", () => {
  it("keeps the server's script when the page hydrates without the data", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(
      <MemoryRouter initialEntries={["/courses/a1"]}>
        <NonceProvider value="nonce-1">
          <CoursePage data={course} />
        </NonceProvider>
      </MemoryRouter>,
    );
    const written = container.querySelector('script[type="application/ld+json"]')?.textContent;
    expect(JSON.parse(written ?? "{}")).toEqual(course);
    // "<" is escaped, so no name can close the script element.
    expect(written).not.toContain("</script>");

    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <MemoryRouter initialEntries={["/courses/a1"]}>
          <NonceProvider value="">
            <CoursePage data={undefined} />
          </NonceProvider>
        </MemoryRouter>,
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('script[type="application/ld+json"]')?.textContent).toBe(written);

    // Another course, reached in the browser: the last course's data does not stay behind.
    await act(async () => navigate?.("/courses/b1"));
    const scripts = container.querySelectorAll('script[type="application/ld+json"]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.textContent).toBe("");
  });
});
