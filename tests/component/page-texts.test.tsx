// In the browser, the texts the server wrote into the page go into the store before hydration
// (entry.client.tsx), so no translation is fetched first; a page without them (or with broken
// ones) leaves the store as it was, and the namespaces are fetched instead.
import { afterEach, describe, expect, it } from "vitest";
import { addPageTexts } from "~/i18n/react";
import { TranslationStore } from "~/i18n/translator";

afterEach(() => {
  document.body.innerHTML = "";
});

const page = (json: string) => {
  document.body.innerHTML = `<main></main><script type="application/json" id="lernhaus-i18n-texts">${json}</script>`;
};

describe("addPageTexts", () => {
  it("puts each language's namespace into the store", () => {
    page(
      String.raw`{"en|home":{"hero":{"title":"\u003c/script> Home"}},"vi|home":{"hero":{"title":"Trang chủ"}}}`,
    );
    const store = new TranslationStore();
    addPageTexts(store);
    expect(store.lookup("en", "home", "hero.title")).toBe("</script> Home");
    expect(store.lookup("vi", "home", "hero.title")).toBe("Trang chủ");
    expect(store.has("de", "home")).toBe(false);
  });

  it("keeps what the store already has", () => {
    page('{"en|home":{"hero":{"title":"old copy"}}}');
    const store = new TranslationStore();
    store.add("en", "home", { hero: { title: "loaded" } });
    addPageTexts(store);
    expect(store.lookup("en", "home", "hero.title")).toBe("loaded");
  });

  it.each(["", "{not json", "null"])("adds nothing from a page whose texts are %j", (json) => {
    page(json);
    const store = new TranslationStore();
    expect(() => addPageTexts(store)).not.toThrow();
    expect(store.has("vi", "common")).toBe(false);
  });
});
