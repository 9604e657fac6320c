// The edge's rules for bodies (ADR 036): which writes need a signed session cookie before their
// body is read, and what a form action's body must be.
import { serializeSignedCookie } from "better-call";
import { describe, expect, it } from "vitest";
import {
  formBodyProblem,
  hasSignedSessionCookie,
  isAnonymousWrite,
  isSignedInOnlyPath,
} from "../../server/request-gate";

const SECRET = "test-secret-of-at-least-32-characters!!";

describe("isSignedInOnlyPath", () => {
  it.each([
    ["/admin", true],
    ["/admin.data", true],
    ["/admin/settings", true],
    ["/admin/settings.data", true],
    ["/admin/uploads/video", true],
    ["/profile", true],
    ["/profile.data", true],
    ["/profile/erase", true],
    ["/administrator", false],
    ["/profiles", false],
    ["/login", false],
    ["/en/enroll", false],
    ["/api/auth/sign-in/email", false],
  ])("%s → %s", (path, expected) => {
    expect(isSignedInOnlyPath(path)).toBe(expected);
  });
});

describe("hasSignedSessionCookie", () => {
  // Signed as better-auth signs it (better-call's cookie signing), so a change of format there
  // fails here rather than signing everyone out of the admin.
  const signed = async (token: string, secret = SECRET) =>
    (await serializeSignedCookie("better-auth.session_token", token, secret))
      .split(";")[0]!
      .split("=")
      .slice(1)
      .join("=");

  it("accepts better-auth's session cookie, with or without the __Secure- prefix, among others", async () => {
    const value = await signed("abcDEF123token");
    expect(hasSignedSessionCookie(`better-auth.session_token=${value}`, SECRET)).toBe(true);
    expect(hasSignedSessionCookie(`lng=en; __Secure-better-auth.session_token=${value}; x=1`, SECRET)).toBe(
      true,
    );
  });

  it("refuses a missing, made-up, tampered or foreign-signed cookie", async () => {
    const value = await signed("abcDEF123token");
    const foreign = await signed("abcDEF123token", "another-secret-of-32-characters!!!!!!");
    for (const header of [
      undefined,
      "",
      "lng=vi",
      "better-auth.session_token=abc",
      "better-auth.session_token=abc.def",
      `better-auth.session_token=${value.replace("abc", "abd")}`,
      `better-auth.session_token=${foreign}`,
      `better-auth.session_token=${value.slice(0, -6)}`,
      "better-auth.session_token=%E0%A4%A",
      `my-better-auth.session_token_x=${value}`,
    ]) {
      expect(hasSignedSessionCookie(header, SECRET), String(header)).toBe(false);
    }
  });

  it("makes only writes to signed-in-only pages wait for a signed cookie", async () => {
    const cookie = `better-auth.session_token=${await signed("t0ken")}`;
    expect(isAnonymousWrite("POST", "/admin/settings", undefined, SECRET)).toBe(true);
    expect(isAnonymousWrite("POST", "/admin/settings", cookie, SECRET)).toBe(false);
    expect(isAnonymousWrite("GET", "/admin/settings", undefined, SECRET)).toBe(false);
    expect(isAnonymousWrite("POST", "/contact", undefined, SECRET)).toBe(false);
  });
});

describe("formBodyProblem", () => {
  const encoder = new TextEncoder();
  const multipart = (text: string) => encoder.encode(text.replaceAll("\n", "\r\n"));
  const goodMultipart = multipart('--x\nContent-Disposition: form-data; name="a"\n\n1\n--x--\n');

  it.each([
    ["application/x-www-form-urlencoded", "a=1", undefined],
    ["application/x-www-form-urlencoded; charset=UTF-8", "a=%FF", undefined],
    ["multipart/form-data; boundary=x", goodMultipart, undefined],
    ["application/json", '{"a":1}', 415],
    ["text/plain", "a=1", 415],
    [undefined, "a=1", 415],
    ["multipart/form-data", goodMultipart, 400],
    ["multipart/form-data; boundary=y", goodMultipart, 400],
    ["multipart/form-data; boundary=x", multipart('--x\nContent-Disposition: form-data; name="a'), 400],
  ] as const)("a %s body to a page's action → %s", async (type, body, expected) => {
    const bytes = typeof body === "string" ? encoder.encode(body) : body;
    expect(await formBodyProblem("POST", "/admin/settings", type, bytes)).toBe(expected);
    expect(await formBodyProblem("POST", "/en/enroll.data", type, bytes)).toBe(expected);
  });

  it("leaves reads, and the actions that read their own bodies, alone", async () => {
    for (const path of [
      "/api/auth/sign-in/email",
      "/api/email/enrollment",
      "/api/posts/x/views",
      "/admin/uploads",
      "/admin/uploads/video",
      "/newsletter/unsubscribe/one-click",
    ])
      expect(await formBodyProblem("POST", path, "application/json", undefined), path).toBeUndefined();
    expect(await formBodyProblem("GET", "/admin/settings", "application/json", undefined)).toBeUndefined();
  });

  it("leaves the JSON API and the one-click unsubscribe alone under every language's address", async () => {
    // The enrolment form of /en/enroll sends its JSON to /en/api/email/enrollment (ADR 034):
    // it was answered 415 when only the Vietnamese address was known here.
    for (const prefix of ["", "/en", "/de"])
      for (const path of [
        "/api/email/enrollment",
        "/api/email/contact",
        "/api/email/trial",
        "/newsletter/unsubscribe/one-click",
      ])
        expect(
          await formBodyProblem("POST", `${prefix}${path}`, "application/json", undefined),
          `${prefix}${path}`,
        ).toBeUndefined();
  });
});
