// An edited URL never reaches the database as an id it would refuse or a page it cannot count
// to (ADR 036): `/admin/classes?dialog=edit&id=1` and `/admin/posts?page=99999999999999999999999`
// were 500s.
import { describe, expect, it } from "vitest";
import { readDialog } from "~/lib/dialog-url";
import { readPostListQuery } from "~/schemas/post";
import { urlId, urlPage } from "~/schemas/url-query";

const badIds = ["1", "-1", "not-an-id", "00000000-0000-0000-0000-00000000000g", "%00", "", " ", "1e309"];
const badPages = ["99999999999999999999999", "1e309", "100001", "0", "-1", "1.5", "NaN", "abc"];

describe("ids in URLs", () => {
  it.each(badIds)("%j names no entry", (id) => {
    expect(urlId.parse(id)).toBeUndefined();
    expect(readDialog(`/admin/classes?dialog=edit&id=${encodeURIComponent(id)}`)).toBeUndefined();
    expect(readDialog(`/admin/classes?dialog=delete&id=${encodeURIComponent(id)}`)).toBeUndefined();
  });

  it("keeps a well-formed id, in any case", () => {
    const id = "5F0C2A9E-1B2C-4D3E-8F40-1234567890AB";
    expect(readDialog(`/admin/classes?dialog=edit&id=${id}`)).toEqual({ mode: "edit", id });
    expect(readDialog("/admin/classes?dialog=new")).toEqual({ mode: "new" });
  });
});

describe("pages in URLs", () => {
  it.each(badPages)("page=%s is the first page", (page) => {
    expect(urlPage.parse(page)).toBe(1);
    expect(readPostListQuery(new URLSearchParams({ page })).page).toBe(1);
  });

  it("keeps a sensible page", () => {
    expect(readPostListQuery(new URLSearchParams({ page: "3" })).page).toBe(3);
    expect(readPostListQuery(new URLSearchParams()).page).toBe(1);
  });
});
