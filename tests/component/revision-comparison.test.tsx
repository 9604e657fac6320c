// The version history of a post (ADR 053) and of a course (ADR 057): the revisions with who and
// when, the chosen one compared side by side with the current text (only the fields that differ,
// translations named by their language), and the restore button posting that revision.
import { cleanup, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import {
  compareTexts,
  courseRevisionFields,
  postRevisionFields,
  RevisionDialog,
  type RevisionTexts,
} from "~/components/admin/revisions/revision-dialog";
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
    expect(compareTexts(old, current, postRevisionFields).map((change) => change.key)).toEqual([
      "content",
      "en.title",
    ]);
    expect(compareTexts(current, current, postRevisionFields)).toEqual([]);
  });
});

describe("RevisionDialog", () => {
  it("lists who saved when, and compares the chosen version line by line beside the current text", async () => {
    const { page } = await renderOnPage(
      <RevisionDialog
        itemId={postId}
        fields={postRevisionFields}
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
        itemId={postId}
        fields={postRevisionFields}
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

describe("a course's RevisionDialog", () => {
  const courseId = "00000000-0000-4000-8000-000000000002";
  const course: RevisionTexts = {
    title: "Tiếng Đức A1",
    slug: "tieng-duc-a1",
    description: bodyOf("Phát âm chuẩn.", "Ngữ pháp nền tảng."),
    duration: "3 tháng",
    lessons: "36 buổi",
    features: ["Lớp 8 người"],
    translations: { en: { title: "German A1", features: ["Classes of 8"] } },
  };
  // The history's first entry: the texts the course had before revisions were kept, by nobody.
  const first = {
    ...course,
    id: "00000000-0000-4000-8000-0000000000b1",
    savedByName: "",
    createdAt: new Date("2026-11-01T03:00:00Z"),
    description: bodyOf("Phát âm chuẩn."),
    translations: { en: { title: "German A1", features: ["Classes of 6"] } },
  };

  it("compares the description a block a line and the translated lists, and names the first entry", async () => {
    expect(compareTexts(first, course, courseRevisionFields).map((change) => change.key)).toEqual([
      "description",
      "en.features",
    ]);
    const { page } = await renderOnPage(
      <RevisionDialog
        itemId={courseId}
        fields={courseRevisionFields}
        revisions={[{ id: first.id, savedByName: "", createdAt: first.createdAt }]}
        selected={first}
        current={course}
        lastResult={undefined}
      />,
      { path: `/admin/courses?dialog=edit&id=${courseId}&kind=revisions&revision=${first.id}` },
    );
    const tables = within(page).getAllByRole("table", { hidden: true });
    expect(tables.map((table) => table.querySelector("caption")?.textContent)).toEqual([
      "Mô tả",
      "Nội dung nổi bật (EN)",
    ]);
    expect(tables[0]!.querySelector('tr[data-kind="added"]')?.textContent).toContain("Ngữ pháp nền tảng.");
    expect(page.textContent).toContain("trước khi có lịch sử phiên bản");
    const restore = within(page).getByRole("button", { name: "Khôi phục phiên bản này", hidden: true });
    expect((restore.closest("form")!.querySelector('input[name="id"]') as HTMLInputElement).value).toBe(
      courseId,
    );
    expect(rawKeysIn(page.textContent ?? "")).toEqual([]);
  });
});
