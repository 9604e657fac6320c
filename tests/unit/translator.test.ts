import { describe, expect, it } from "vitest";
import { TranslationStore, Translator } from "~/i18n/translator";

const store = new TranslationStore();
store.add("vi", "common", { nav: { home: "Trang chủ" }, only: "Chỉ tiếng Việt", hello: "Chào {{name}}" });
store.add("en", "common", { nav: { home: "Home" }, hello: "Hello {{name}}, {{ name }}!" });
store.add("en", "account", {
  sessions: { count_one: "{{count}} other device", count_other: "{{count}} other devices" },
});
store.add("vi", "account", { sessions: { count_other: "{{count}} thiết bị khác" } });
store.add("vi", "admin-classes", { roster: { learnersCount: "Học viên ({{count}}/{{capacity}})" } });

describe("Translator", () => {
  const translator = new Translator(store, "en");

  it("looks up nested keys, in the default or a named namespace", () => {
    expect(translator.t("nav.home")).toBe("Home");
    expect(translator.getFixedT("en", "account")("sessions.count", { count: 1 })).toBe("1 other device");
    expect(translator.t("account:sessions.count", { count: 3 })).toBe("3 other devices");
  });

  it("falls back to Vietnamese, then to the key (spec §4)", () => {
    expect(translator.t("only")).toBe("Chỉ tiếng Việt");
    expect(translator.t("missing.key")).toBe("missing.key");
    expect(translator.t("missing.key", { defaultValue: "x" })).toBe("x");
  });

  it("interpolates values and uses each language's plural rules", () => {
    expect(translator.t("hello", { name: "An" })).toBe("Hello An, An!");
    expect(translator.getFixedT("vi")("hello", { name: "<b>An</b>" })).toBe("Chào <b>An</b>");
    expect(translator.getFixedT("vi", "account")("sessions.count", { count: 1 })).toBe("1 thiết bị khác");
  });

  it("uses a key without plural forms as it is when given a count (the roster's counts)", () => {
    for (const count of [0, 1, 2])
      expect(
        translator.getFixedT("vi", "admin-classes")("roster.learnersCount", { count, capacity: 12 }),
      ).toBe(`Học viên (${count}/12)`);
    expect(translator.t("admin-classes:roster.learnersCount", { count: 1, capacity: 12 })).toBe(
      "Học viên (1/12)",
    );
  });

  it("gives each request its own language over the shared texts, and notifies language changes", () => {
    const perRequest = translator.withLanguage("vi");
    expect(perRequest.t("nav.home")).toBe("Trang chủ");
    expect(translator.t("nav.home")).toBe("Home");
    let notified = 0;
    const unsubscribe = perRequest.subscribe(() => notified++);
    perRequest.changeLanguage("en");
    perRequest.changeLanguage("en");
    unsubscribe();
    perRequest.changeLanguage("vi");
    expect(notified).toBe(1);
  });
});
