// A post's version history (ADR 053): the revisions with who and when, the chosen one compared
// side by side with the current text (only the fields that differ, translations named by their
// language), and the restore button posting that revision.
import { cleanup, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { compareTexts, RevisionDialog, type RevisionTexts } from "~/components/admin/posts/revision-dialog";
import { bodyOf } from "../support/rich-text";
import { rawKeysIn, renderOnPage } from "./render";

afterEach(cleanup);

const postId = "00000000-0000-4000-8000-000000000001";
const current: RevisionTexts = {
  title: "Học tiếng Đức mỗi ngày",
  slug: "hoc-tieng-duc-moi-ngay",
  excerpt: "Mười phút mỗi sáng.",
  // Bodies are documents (ADR 055), compared a block a line.
  content: bodyOf("Mở đầu", "Đoạn mới", "Kết"),
  category: "tips",
  tags: ["B1"],
  thumbnail: null,
  translations: { en: { title: "German every day", content: bodyOf("Intro") } },
};
const old = {
  ...current,
  id: "00000000-0000-4000-8000-0000000000a1",
  savedByName: "Cô Thu Hà",
  // 14:05 in Vietnam on 2 December 2026.
  createdAt: new Date("2026-12-02T07:05:00Z"),
  content: bodyOf("Mở đầu", "Đoạn cũ", "Kết"),
  translations: { en: { title: "German daily", content: bodyOf("Intro") } },
};
const revisions = [
  {
    id: "00000000-0000-4000-8000-0000000000a2",
    savedByName: "Biên Tập",
    createdAt: new Date("2026-12-03T01:00:00Z"),
  },
  { id: old.id, savedByName: old.savedByName, createdAt: old.createdAt },
];

describe("compareTexts", () => {
  it("lists only the fields that differ, each translation's by its language", () => {
    expect(compareTexts(old, current).map((change) => change.key)).toEqual(["content", "en.title"]);
    expect(compareTexts(current, current)).toEqual([]);
  });
});

describe("RevisionDialog", () => {
  it("lists who saved when, and compares the chosen version line by line beside the current text", async () => {
    const { page } = await renderOnPage(
      <RevisionDialog
        postId={postId}
        revisions={revisions}
        selected={old}
        current={current}
        lastResult={undefined}
      />,
      { path: `/admin/posts?dialog=edit&id=${postId}&kind=revisions&revision=${old.id}` },
    );
    const list = within(page).getByRole("list", { name: "Các phiên bản, mới nhất trước", hidden: true });
    const items = within(list).getAllByRole("listitem", { hidden: true });
    expect(items[0]!.textContent).toContain("03/12/2026 08:00");
    expect(items[0]!.textContent).toContain("bởi Biên Tập");
    expect(
      within(items[0]!).getByRole("link", { name: "So sánh", hidden: true }).getAttribute("href"),
    ).toContain("revision=00000000-0000-4000-8000-0000000000a2");
    expect(items[1]!.textContent).toContain("Đang so sánh");

    const tables = within(page).getAllByRole("table", { hidden: true });
    expect(tables.map((table) => table.querySelector("caption")?.textContent)).toEqual([
      "Nội dung",
      "Tiêu đề (EN)",
    ]);
    const changed = tables[0]!.querySelector('tr[data-kind="changed"]')!;
    const [left, right] = [...changed.querySelectorAll("td")];
    expect(left!.textContent).toBe("Đã bỏ: Đoạn cũ");
    expect(right!.textContent).toBe("Đã thêm: Đoạn mới");
    expect(tables[0]!.querySelectorAll('tr[data-kind="same"]')).toHaveLength(2);

    const restore = within(page).getByRole("button", { name: "Khôi phục phiên bản này", hidden: true });
    expect(restore.getAttribute("value")).toBe("restore-revision");
    const form = restore.closest("form")!;
    expect((form.querySelector('input[name="revision"]') as HTMLInputElement).value).toBe(old.id);
    expect((form.querySelector('input[name="id"]') as HTMLInputElement).value).toBe(postId);
    expect(rawKeysIn(page.textContent ?? "")).toEqual([]);
  });

  it("says when the chosen version is the current text, in German too", async () => {
    const { page } = await renderOnPage(
      <RevisionDialog
        postId={postId}
        revisions={revisions}
        selected={{ ...current, ...revisions[0]! }}
        current={current}
        lastResult={undefined}
      />,
      { language: "de" },
    );
    expect(within(page).getByText("Diese Version entspricht dem aktuellen Text.")).toBeTruthy();
    expect(within(page).queryAllByRole("table", { hidden: true })).toEqual([]);
    expect(rawKeysIn(page.textContent ?? "")).toEqual([]);
  });
});
