// The media library (ADR 054): the grid shows each image's small width, name, size, dimensions
// and how many places use it; an image's "where used" names the record and the field (a
// translation's language too); the picker lists the library and hands back the chosen image.
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ImagePickerButton, type PickedImage } from "~/components/admin/media/image-picker";
import { MediaGrid, MediaUses, type ShownMediaImage } from "~/components/admin/media/media-library";
import { rawKeysIn, renderOnPage } from "./render";

const KEY = "0123456789abcdef0123456789abcdef";
const image = (extra: Partial<ShownMediaImage> = {}): ShownMediaImage => ({
  id: "00000000-0000-4000-8000-000000000001",
  key: KEY,
  url: `/uploads/${KEY}-1200.webp`,
  originalName: "lop-hoc.png",
  alt: "Lớp học buổi sáng",
  translations: {},
  width: 1200,
  height: 675,
  bytes: 84_000,
  createdAt: new Date("2026-12-02T07:05:00Z"),
  unreferencedSince: null,
  uses: [{ kind: "post", id: "p1", label: "Học tiếng Đức", field: "thumbnail" }],
  ...extra,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the library grid", () => {
  it("shows the small width, name, size, dimensions and the number of uses, in Vietnamese", async () => {
    const { page } = await renderOnPage(
      <MediaGrid images={[image(), image({ id: "00000000-0000-4000-8000-000000000002", uses: [] })]} />,
    );
    const pictures = page.querySelectorAll("img");
    expect(pictures[0]!.getAttribute("src")).toBe(`/uploads/${KEY}-480.webp`);
    expect(pictures[0]!.getAttribute("alt")).toBe("Lớp học buổi sáng");
    expect(page.textContent).toContain("lop-hoc.png");
    expect(page.textContent).toContain("82 kB · 1200×675");
    expect(page.textContent).toContain("Dùng ở 1 nơi");
    expect(page.textContent).toContain("Chưa dùng ở đâu");
    expect(rawKeysIn(page.textContent ?? "")).toEqual([]);
  });

  it("names where an image is used, a translation's language included, in German", async () => {
    const { page } = await renderOnPage(
      <MediaUses
        uses={[
          { kind: "post", id: "p1", label: "Deutsch lernen", field: "en.content" },
          { kind: "team", id: "t1", label: "Cô Lan", field: "avatar" },
        ]}
      />,
      { language: "de" },
    );
    expect(page.textContent).toContain("Beitrag: Deutsch lernen — Text (EN)");
    expect(page.textContent).toContain("Team: Cô Lan — Porträt");
  });
});

describe("the picker", () => {
  it("lists the library once opened and hands back the image chosen with the keyboard", async () => {
    const fetched: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        fetched.push(url);
        return Response.json({
          total: 1,
          pageSize: 24,
          images: [{ id: "i1", url: `/uploads/${KEY}-1200.webp`, name: "lop-hoc.png", alt: "Lớp học" }],
        });
      }),
    );
    const picked: PickedImage[] = [];
    await renderOnPage(<ImagePickerButton onPick={(chosen) => picked.push(chosen)} />);
    const open = await screen.findByRole("button", { name: "Chọn từ thư viện" });
    await act(async () => fireEvent.click(open));
    const choice = await screen.findByRole("button", { name: "Chọn ảnh Lớp học" }, { timeout: 3_000 });
    expect(fetched[0]).toBe("/admin/media/picker?page=1");
    choice.focus();
    await act(async () => fireEvent.click(choice));
    await waitFor(() => expect(picked.map((chosen) => chosen.url)).toEqual([`/uploads/${KEY}-1200.webp`]));
  });
});
