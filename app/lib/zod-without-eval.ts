// zod compiles faster object parsers with `new Function` where it may, and finds out by trying
// once. Our CSP has no 'unsafe-eval', so in the browser that try is blocked and reported as a
// violation on every page with a form (ADR 017). In the browser zod parses without compiling.
// zod reads this setting from globalThis when a schema is built, so app/root.tsx imports this
// module first, before any module that builds one.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
if (typeof document !== "undefined") {
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}
