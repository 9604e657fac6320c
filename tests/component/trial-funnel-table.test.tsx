// The trial lesson's funnel on /admin/analytics (issue 29): a table with its caption, a group of
// rows per month headed by the month, the sources named as /trial names them, each step's share
// of the step before, and the whole period last; a line instead when nothing was booked.
import { within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TrialFunnelTable } from "~/components/admin/analytics/trial-funnel-table";
import type { TrialFunnel } from "~/models/analytics.server";
import { rawKeysIn, renderOnPage } from "./render";

const funnel: TrialFunnel = {
  cells: [
    { month: "2026-02", source: "home", booked: 4, attended: 2, enrolled: 1, paid: 1, cancelled: 1 },
    {
      month: "2026-02",
      source: "placement-test",
      booked: 1,
      attended: 1,
      enrolled: 0,
      paid: 0,
      cancelled: 0,
    },
  ],
  months: [{ month: "2026-02", booked: 5, attended: 3, enrolled: 1, paid: 1, cancelled: 1 }],
  sources: [
    { source: "home", booked: 4, attended: 2, enrolled: 1, paid: 1, cancelled: 1 },
    { source: "placement-test", booked: 1, attended: 1, enrolled: 0, paid: 0, cancelled: 0 },
  ],
  total: { booked: 5, attended: 3, enrolled: 1, paid: 1, cancelled: 1 },
};

describe("the trial funnel table", () => {
  it("groups the rows by month under row-group headers, names the sources, gives the shares", async () => {
    const { page } = await renderOnPage(<TrialFunnelTable funnel={funnel} />, { path: "/admin/analytics" });
    const table = within(page).getByRole("table", { name: "Phễu học thử theo tháng và nguồn" });
    const groupHeaders = table.querySelectorAll('th[scope="rowgroup"]');
    expect([...groupHeaders].map((th) => th.textContent)).toEqual(["02/2026", "Cả khoảng thời gian"]);
    expect(groupHeaders[0]!.getAttribute("rowspan")).toBe("3");
    const home = within(table).getAllByRole("rowheader", { name: "Trang chủ" })[0]!.closest("tr")!;
    // booked 4, attended 2 (50% of 4), enrolled 1 (50% of 2), paid 1 (100% of 1), cancelled 1.
    expect([...home.querySelectorAll("td")].map((td) => td.textContent)).toEqual([
      "4",
      "2(50%)50% so với bước trước",
      "1(50%)50% so với bước trước",
      "1(100%)100% so với bước trước",
      "1",
    ]);
    expect(within(table).getAllByRole("rowheader", { name: "Bài kiểm tra trình độ" })).toHaveLength(2);
    expect(rawKeysIn(page.textContent ?? "")).toEqual([]);
  });

  it("says so when nothing was booked", async () => {
    const empty: TrialFunnel = {
      cells: [],
      months: [],
      sources: [],
      total: { booked: 0, attended: 0, enrolled: 0, paid: 0, cancelled: 0 },
    };
    const { page } = await renderOnPage(<TrialFunnelTable funnel={empty} />, { language: "de" });
    expect(within(page).queryByRole("table")).toBeNull();
    expect(page.textContent).toContain("In diesem Zeitraum wurde keine Probestunde gebucht.");
  });
});
