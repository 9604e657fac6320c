// ADR 034: the one language resolver, over every combination of address, cookie and
// Accept-Language. The expected language is written out from the rule's wording, per signal.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Language } from "~/i18n/language";
import { requestLanguage, resolveLanguage } from "~/requests/request-language";

/** Addresses and the language each names (undefined: none). */
const addresses: { path: string; names?: Language; api: boolean }[] = [
  { path: "/en/enroll", names: "en", api: false },
  { path: "/de/contact", names: "de", api: false },
  { path: "/en", names: "en", api: false },
  { path: "/de/blog/ein-beitrag", names: "de", api: false },
  { path: "/en/api/newsletter", names: "en", api: false },
  { path: "/de/api/email/enrollment", names: "de", api: true },
  { path: "/blog", api: false },
  { path: "/", api: false },
  { path: "/login", api: false },
  { path: "/admin/students", api: false },
  { path: "/english", api: false },
  { path: "/api/email/contact", api: true },
  { path: "/api/newsletter", api: false },
];

/** Cookie headers and the language each stores. */
const cookies: { header?: string; stores?: Language }[] = [
  {},
  { header: "lng=vi", stores: "vi" },
  { header: "lng=en", stores: "en" },
  { header: "session=x; lng=de; other=1", stores: "de" },
  { header: "lng=fr" },
  { header: "xlng=de" },
];

/** Accept-Language headers and the supported language each ranks first. */
const acceptLanguages: { header?: string; ranks?: Language }[] = [
  {},
  { header: "vi-VN,vi;q=0.9", ranks: "vi" },
  { header: "de-DE,de;q=0.9,en;q=0.8", ranks: "de" },
  { header: "fr-FR, en;q=0.5", ranks: "en" },
  { header: "fr, ja;q=0.5" },
];

describe("requestLanguage: the address, then the cookie, then (JSON API only) Accept-Language, then vi", () => {
  const cases = addresses.flatMap((address) =>
    cookies.flatMap((cookie) => acceptLanguages.map((accept) => ({ address, cookie, accept }))),
  );

  it.each(cases)(
    "$address.path with cookie $cookie.header and Accept-Language $accept.header",
    ({ address, cookie, accept }) => {
      const expected =
        address.names ?? cookie.stores ?? (address.api ? accept.ranks : undefined) ?? ("vi" as Language);
      const headers = new Headers();
      if (cookie.header) headers.set("Cookie", cookie.header);
      if (accept.header) headers.set("Accept-Language", accept.header);
      const request = new Request(`https://school.example${address.path}?q=1`, { method: "POST", headers });
      expect(requestLanguage(request)).toBe(expected);
    },
  );

  it("lets nothing else outrank a language address", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("en", "de"),
        fc.stringMatching(/^(\/[a-z0-9-]{1,12}){0,3}$/),
        fc.option(fc.string(), { nil: undefined }),
        fc.option(fc.string(), { nil: undefined }),
        (language, rest, cookieHeader, acceptLanguageHeader) => {
          expect(
            resolveLanguage({ pathname: `/${language}${rest}`, cookieHeader, acceptLanguageHeader }),
          ).toBe(language);
        },
      ),
    );
  });
});
