// The phone menu's button opens it by script only. In the server's HTML (what a phone shows
// before the script has run) it is disabled, so a tap then is visibly not taken rather than
// silently lost; once the page has hydrated it opens the menu.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Drawer } from "~/components/ui/drawer";
import { renderOnPage } from "./render";

const drawer = (
  <Drawer title="Menu" openLabel="Mở menu" closeLabel="Đóng menu" side="right" className="w-80">
    {() => <a href="/courses">Khóa học</a>}
  </Drawer>
);

describe("the phone menu's button", () => {
  it("is disabled in the server's HTML, before the page has hydrated", () => {
    const html = renderToString(<MemoryRouter>{drawer}</MemoryRouter>);
    const button = /<button[^>]*aria-label="Mở menu"[^>]*>/.exec(html)?.[0];
    expect(button, "the open button is in the HTML").toBeDefined();
    expect(button).toMatch(/\sdisabled=""/);
  });

  it("opens the menu once hydrated", async () => {
    await renderOnPage(drawer);
    const button = screen.getByRole("button", { name: "Mở menu" });
    await waitFor(() => expect(button.hasAttribute("disabled")).toBe(false));
    // happy-dom's <dialog> may lack showModal: the open attribute is what a modal dialog sets too.
    fireEvent.click(button);
    expect(screen.getByRole("dialog", { hidden: true }).hasAttribute("open")).toBe(true);
  });
});
