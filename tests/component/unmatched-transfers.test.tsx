// Payments' unmatched transfers (issue 31): each transfer's reason as a sentence in the reader's
// language, the enrolment named when the note named one, a note-less transfer said so, the count
// in the heading, pages only past the first; nothing at all while no transfer waits. The "assign"
// dialog starts from the reference the note named.
import { cleanup, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  AssignTransferDialog,
  type UnmatchedTransferPage,
  UnmatchedTransfers,
} from "~/components/admin/payments/unmatched-transfers";
import type { UnmatchedTransfer } from "~/models/bank-notification.server";
import { rawKeysIn, renderOnPage } from "./render";

let counter = 0;
function transfer(reason: string, extra: Partial<UnmatchedTransfer> = {}): UnmatchedTransfer {
  counter++;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    // 14:05 in Vietnam on 2 December 2026.
    receivedAt: new Date("2026-12-02T07:05:00Z"),
    provider: "sepay",
    amount: 3_000_000 + counter,
    content: `HOCPHI ${reason}`,
    paidOn: "2026-12-02",
    reason,
    enrollmentId: null,
    reference: null,
    fullName: null,
    ...extra,
  };
}
const withEnrollment = (reason: string, reference: string, fullName: string) =>
  transfer(reason, {
    enrollmentId: `11111111-1111-4111-8111-${reference.slice(2).padStart(12, "0")}`,
    reference,
    fullName,
  });

const rows = [
  transfer("no-reference", { content: "" }),
  transfer("unknown-reference"),
  transfer("several-references"),
  withEnrollment("overpaid", "LH7K2Q9X", "Nguyễn Văn An"),
  withEnrollment("not-owed", "LH3M4N5P", "Trần Thị Bình"),
  withEnrollment("already-paid", "LH8R9S2T", "Lê Văn Cường"),
  withEnrollment("no-fee", "LHABCDEF", "Phạm Thu Dung"),
];
const page = (list: UnmatchedTransfer[], total = list.length, at = 1): UnmatchedTransferPage => ({
  rows: list,
  total,
  page: at,
  pageSize: 10,
});

const rowOf = (table: HTMLElement, reason: string) =>
  table.querySelector<HTMLElement>(`tr[data-reason="${reason}"]`)!;

describe("the unmatched transfers section", () => {
  it("says each reason in Vietnamese and names the enrolment the note named", async () => {
    const { page: shown } = await renderOnPage(<UnmatchedTransfers list={page(rows)} />, {
      path: "/admin/payments",
    });
    expect(within(shown).getByRole("heading", { level: 2 }).textContent).toBe("Giao dịch chưa khớp (7)");
    const table = within(shown).getByRole("table");
    const sentences: Record<string, string> = {
      "no-reference": "Nội dung chuyển khoản không có mã thanh toán.",
      "unknown-reference": "Mã thanh toán trong nội dung không thuộc đăng ký nào.",
      "several-references": "Nội dung có mã thanh toán của nhiều đăng ký.",
      overpaid: "Số tiền lớn hơn số đăng ký còn phải trả.",
      "not-owed": "Đăng ký hiện không phải thanh toán (đang trong danh sách chờ hoặc đã hủy).",
      "already-paid": "Đăng ký đã được thanh toán hoặc hoàn tiền: có thể tiền được chuyển hai lần.",
      "no-fee": "Đăng ký chưa có học phí xác định để so sánh số tiền.",
    };
    for (const [reason, sentence] of Object.entries(sentences))
      expect(within(rowOf(table, reason)).getByText(sentence)).toBeTruthy();

    // The enrolment: its name (a link to the learner) and reference, where the note named one.
    const overpaid = rowOf(table, "overpaid");
    const learner = within(overpaid).getByRole("link", { name: "Nguyễn Văn An" });
    expect(learner.getAttribute("href")).toMatch(/^\/admin\/students\?id=/);
    expect(within(overpaid).getByText("LH7K2Q9X")).toBeTruthy();
    expect(within(rowOf(table, "already-paid")).getByText("LH8R9S2T")).toBeTruthy();
    for (const reason of ["no-reference", "unknown-reference", "several-references"])
      expect(rowOf(table, reason).textContent).not.toContain("Đăng ký:");

    // Time in Vietnam, the amount as VND, a note-less transfer said so.
    expect(overpaid.textContent).toContain("02/12/2026 14:05");
    expect(overpaid.textContent).toContain("3.000.004đ");
    expect(rowOf(table, "no-reference").textContent).toContain("Không có nội dung");

    // Both decisions per row, each a link to its dialog in the URL (no JavaScript needed).
    const actions = within(overpaid).getAllByRole("link").slice(1);
    expect(actions.map((link) => link.textContent)).toEqual(["Gán cho đăng ký", "Đánh dấu đã xử lý"]);
    expect(actions[0]!.getAttribute("href")).toBe(
      `/admin/payments?dialog=edit&id=${rows[3]!.id}&kind=assign-transfer`,
    );
    expect(actions[1]!.getAttribute("href")).toBe(
      `/admin/payments?dialog=edit&id=${rows[3]!.id}&kind=handle-transfer`,
    );
    expect(within(shown).queryByRole("navigation")).toBeNull();
    expect(rawKeysIn(shown.textContent ?? "")).toEqual([]);
  });

  it("says the reasons in German and English too", async () => {
    const { page: german } = await renderOnPage(<UnmatchedTransfers list={page(rows)} />, {
      language: "de",
    });
    expect(within(german).getByRole("heading", { level: 2 }).textContent).toBe(
      "Nicht zugeordnete Überweisungen (7)",
    );
    expect(within(german).getByText("Der Verwendungszweck enthält keine Zahlungsreferenz.")).toBeTruthy();
    expect(rawKeysIn(german.textContent ?? "")).toEqual([]);
    // One page at a time: the next render looks for its page by the same test id.
    cleanup();
    const { page: english } = await renderOnPage(<UnmatchedTransfers list={page(rows.slice(3, 4))} />, {
      language: "en",
    });
    expect(within(english).getByRole("heading", { level: 2 }).textContent).toBe("Unmatched transfer (1)");
    expect(within(english).getByText("The amount is more than the enrolment still owes.")).toBeTruthy();
    expect(rawKeysIn(english.textContent ?? "")).toEqual([]);
  });

  it("shows nothing while no transfer waits, and pages past the first page", async () => {
    const { page: empty } = await renderOnPage(<UnmatchedTransfers list={page([])} />);
    expect(empty.textContent).toBe("");
    cleanup();
    const { page: paged } = await renderOnPage(<UnmatchedTransfers list={page(rows, 23, 2)} />, {
      path: "/admin/payments?q=lan",
    });
    const next = within(paged).getByRole("link", { name: "Trang sau" });
    expect(next.getAttribute("href")).toBe("/admin/payments?q=lan&transfers=3");
  });

  it("starts the assign dialog from the reference the note named, or empty", async () => {
    const { page: named } = await renderOnPage(
      <AssignTransferDialog transfer={rows[3]!} lastResult={undefined} />,
      {
        path: "/admin/payments?dialog=edit&kind=assign-transfer",
      },
    );
    expect((within(named).getByLabelText(/Mã thanh toán của đăng ký/) as HTMLInputElement).value).toBe(
      "LH7K2Q9X",
    );
    expect(within(named).getByText("Số tiền lớn hơn số đăng ký còn phải trả.")).toBeTruthy();
    cleanup();
    const { page: unnamed } = await renderOnPage(
      <AssignTransferDialog transfer={rows[0]!} lastResult={undefined} />,
    );
    expect((within(unnamed).getByLabelText(/Mã thanh toán của đăng ký/) as HTMLInputElement).value).toBe("");
    expect(within(unnamed).getByText("Nội dung chuyển khoản không có mã thanh toán.")).toBeTruthy();
  });
});
