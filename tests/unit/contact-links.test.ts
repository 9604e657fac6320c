import { describe, expect, it } from "vitest";
import {
  contactChannels,
  messengerHref,
  telHref,
  vietnamesePhoneDigits,
  zaloHref,
} from "~/lib/contact-links";
import { contactConfigSchema } from "~/schemas/settings";

describe("contact links", () => {
  it("writes a Vietnamese phone number as the digits zalo.me expects", () => {
    expect(vietnamesePhoneDigits("0912 345 678")).toBe("0912345678");
    expect(vietnamesePhoneDigits("+84 912 345 678")).toBe("0912345678");
    expect(vietnamesePhoneDigits("+84 (24) 3123-4567")).toBe("02431234567");
    expect(vietnamesePhoneDigits("84912345678")).toBe("0912345678");
    expect(vietnamesePhoneDigits("0084 912.345.678")).toBe("0912345678");
    // A number that starts with 84 but is a Vietnamese number already (0 84…) or too long is kept.
    expect(vietnamesePhoneDigits("0843 123 456")).toBe("0843123456");
    expect(vietnamesePhoneDigits("849123456789")).toBe("849123456789");
    // Another country's number keeps its digits.
    expect(vietnamesePhoneDigits("+49 30 1234567")).toBe("49301234567");
  });

  it("links Zalo by phone number, official account id or zalo.me address", () => {
    expect(zaloHref("0912 345 678")).toBe("https://zalo.me/0912345678");
    expect(zaloHref("+84 912-345-678")).toBe("https://zalo.me/0912345678");
    expect(zaloHref("84912345678")).toBe("https://zalo.me/0912345678");
    expect(zaloHref("4318258413285329584")).toBe("https://zalo.me/4318258413285329584");
    expect(zaloHref("https://zalo.me/4318258413285329584")).toBe("https://zalo.me/4318258413285329584");
    expect(zaloHref("zalo.me/0912345678/")).toBe("https://zalo.me/0912345678");
    expect(zaloHref("http://www.zalo.me/g/abcdef")).toBe("https://zalo.me/g/abcdef");
    for (const nothing of [
      undefined,
      null,
      "",
      "  ",
      "12",
      "https://zalo.me/",
      "https://example.com/0912345678",
      "javascript:alert(1)",
    ])
      expect(zaloHref(nothing), String(nothing)).toBeUndefined();
  });

  it("derives Messenger from the Facebook page's address", () => {
    expect(messengerHref("https://www.facebook.com/lernhaus.hanoi")).toBe("https://m.me/lernhaus.hanoi");
    expect(messengerHref("https://facebook.com/lernhaus.hanoi/")).toBe("https://m.me/lernhaus.hanoi");
    expect(messengerHref("https://m.facebook.com/lernhaus?ref=bookmarks")).toBe("https://m.me/lernhaus");
    expect(messengerHref("https://www.facebook.com/lernhaus/posts/123")).toBe("https://m.me/lernhaus");
    expect(messengerHref("fb.com/lernhaus")).toBe("https://m.me/lernhaus");
    expect(messengerHref("https://www.fb.com/lernhaus")).toBe("https://m.me/lernhaus");
    expect(messengerHref("https://www.facebook.com/profile.php?id=100012345678901")).toBe(
      "https://m.me/100012345678901",
    );
    expect(messengerHref("https://www.facebook.com/pages/Lernhaus/123456789")).toBe("https://m.me/123456789");
    expect(messengerHref("https://www.facebook.com/people/Lernhaus-Ha-Noi/61550000000000/")).toBe(
      "https://m.me/61550000000000",
    );
    expect(messengerHref("https://m.me/lernhaus")).toBe("https://m.me/lernhaus");
    for (const nothing of [
      undefined,
      "",
      "https://www.facebook.com/",
      "https://www.facebook.com/groups/hoctiengduc",
      "https://www.facebook.com/share/1AbCdEf/",
      "https://www.facebook.com/profile.php",
      "https://www.facebook.com/profile.php?id=abc",
      "https://facebook.com.evil.example/lernhaus",
      "https://instagram.com/lernhaus",
      "ftp://facebook.com/lernhaus",
    ])
      expect(messengerHref(nothing), String(nothing)).toBeUndefined();
  });

  it("calls the hotline by its digits, internationally when written so", () => {
    expect(telHref("024 3999 8888")).toBe("tel:02439998888");
    expect(telHref("+84 24 3123 4567")).toBe("tel:+842431234567");
    expect(telHref("0084 24 3123 4567")).toBe("tel:+842431234567");
    expect(telHref("")).toBeUndefined();
    expect(telHref("gọi cho chúng tôi")).toBeUndefined();
  });

  it("offers the configured channels only, none without settings", () => {
    expect(contactChannels(undefined)).toEqual([]);
    expect(contactChannels({ zalo: "", facebook: "", phone: "" })).toEqual([]);
    expect(
      contactChannels({
        zalo: "0912 345 678",
        facebook: "https://facebook.com/lernhaus",
        phone: "1900 1234",
      }),
    ).toEqual([
      { key: "zalo", href: "https://zalo.me/0912345678" },
      { key: "messenger", href: "https://m.me/lernhaus" },
      { key: "hotline", href: "tel:19001234", detail: "1900 1234" },
    ]);
    expect(
      contactChannels({ zalo: "", facebook: "https://facebook.com/groups/x", phone: "0912345678" }),
    ).toEqual([{ key: "hotline", href: "tel:0912345678", detail: "0912345678" }]);
  });

  it("lets the admin save a Zalo phone number, official account id or zalo.me address, nothing else", () => {
    for (const zalo of ["0912 345 678", "4318258413285329584", "https://zalo.me/4318258413285329584"])
      expect(contactConfigSchema.safeParse({ zalo }).success, zalo).toBe(true);
    for (const zalo of ["Lernhaus", "https://facebook.com/lernhaus", "12"]) {
      const result = contactConfigSchema.safeParse({ zalo });
      expect(result.error?.issues[0]?.message, zalo).toBe("validation.zalo");
    }
  });
});
