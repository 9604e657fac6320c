// Settings › Thanh toán, bank-transfer notifications (issue 31, ADR 050): with SEPAY_API_KEY set
// the section says so and offers no provider or secret to change; with a stored secret it shows
// only its last four characters, in an empty password field; the webhook address follows the
// chosen provider; refused posts stand out; the last notifications read as sentences, not codes.
import { fireEvent, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BankFeedSection, type BankFeedView } from "~/components/admin/settings/bank-feed-section";
import type { RecentNotification } from "~/models/bank-notification.server";
import { rawKeysIn, renderOnPage } from "./render";

const BASE = "https://lernhaus.example";

const stored: BankFeedView = {
  provider: "casso",
  auth: "apikey",
  secretHint: "abcd",
  accountSetting: "",
  fromEnvironment: false,
  refused: 3,
  refusedAt: new Date("2026-12-02T07:05:00Z"),
};

const fromEnvironment: BankFeedView = {
  provider: "sepay",
  auth: "apikey",
  secretHint: "6789",
  accountSetting: "",
  fromEnvironment: true,
  refused: 0,
  refusedAt: null,
};

const notifications: RecentNotification[] = [
  {
    id: "n3",
    receivedAt: new Date("2026-12-02T09:30:00Z"),
    provider: "casso",
    direction: "out",
    amount: 50_000,
    outcome: "ignored",
    reason: "outgoing",
    reference: null,
  },
  {
    id: "n2",
    receivedAt: new Date("2026-12-02T08:00:00Z"),
    provider: "sepay",
    direction: "in",
    amount: 3_000_000,
    outcome: "paid",
    reason: null,
    reference: "LH7K3M9Q2",
  },
  {
    id: "n1",
    receivedAt: new Date("2026-12-01T17:15:00Z"),
    provider: "sepay",
    direction: "in",
    amount: 200_000,
    outcome: "unmatched",
    reason: "no-reference",
    reference: null,
  },
];

function section(feed: BankFeedView, list: RecentNotification[] = []) {
  return renderOnPage(
    <BankFeedSection
      feed={feed}
      notifications={list}
      paymentAccount="0011001234567"
      webhookBase={BASE}
      lastResult={undefined}
    />,
    { path: "/admin/settings?tab=payment" },
  );
}

describe("the bank-notification section", () => {
  it("with a stored secret: an empty password field, its last four characters, the provider's address", async () => {
    const { page } = await section(stored, notifications);
    const provider = within(page).getByLabelText("Nhà cung cấp") as HTMLSelectElement;
    expect(provider.value).toBe("casso");
    expect([...provider.options].map((option) => option.textContent)).toEqual(["Tắt", "SePay", "Casso"]);
    const secret = within(page).getByLabelText("Khóa bí mật") as HTMLInputElement;
    expect(secret.type).toBe("password");
    expect(secret.value).toBe("");
    expect(secret.getAttribute("value")).toBeNull();
    expect(page.textContent).toContain("Đã lưu: ••••abcd");
    expect(within(page).getByTestId("bank-feed-webhook").textContent).toBe(
      `${BASE}/api/bank-notifications/casso`,
    );
    // SePay's method is no choice for Casso (hidden once the page runs its script).
    await waitFor(() =>
      expect(within(page).getByLabelText("Cách xác thực của SePay").closest("[hidden]")).not.toBeNull(),
    );
    expect((within(page).getByLabelText("Tài khoản nhận thông báo") as HTMLInputElement).placeholder).toBe(
      "0011001234567",
    );
    expect(within(page).getByRole("button", { name: "Áp dụng" })).toBeTruthy();

    fireEvent.input(provider, { target: { value: "sepay" } });
    expect((await within(page).findByTestId("bank-feed-webhook")).textContent).toBe(
      `${BASE}/api/bank-notifications/sepay`,
    );
    expect(within(page).getByLabelText("Cách xác thực của SePay").closest("[hidden]")).toBeNull();
    expect(rawKeysIn(page.textContent ?? "")).toEqual([]);
  });

  it("set by the environment: says so with the key's last four characters, no provider or secret field", async () => {
    const { page } = await section(fromEnvironment);
    expect(page.textContent).toContain("biến môi trường SEPAY_API_KEY (••••6789)");
    expect(within(page).queryByLabelText("Nhà cung cấp")).toBeNull();
    expect(within(page).queryByLabelText("Khóa bí mật")).toBeNull();
    expect(page.querySelector('input[type="password"]')).toBeNull();
    expect(page.querySelector('[name="provider"], [name="secret"]')).toBeNull();
    expect(within(page).getByLabelText("Tài khoản nhận thông báo")).toBeTruthy();
    expect(within(page).getByTestId("bank-feed-webhook").textContent).toBe(
      `${BASE}/api/bank-notifications/sepay`,
    );
    expect(page.textContent).toContain("Chưa có thông báo nào bị từ chối vì sai khóa.");
    expect(within(page).queryByTestId("bank-feed-refused")).toBeNull();
    expect(page.textContent).toContain("Chưa nhận được thông báo chuyển khoản nào.");
    expect(within(page).queryByRole("table")).toBeNull();
    expect(rawKeysIn(page.textContent ?? "")).toEqual([]);
  });

  it("highlights the posts refused for a wrong key, with the last one's time in Vietnam", async () => {
    const { page } = await section(stored);
    const refused = within(page).getByTestId("bank-feed-refused");
    expect(refused.textContent).toContain("3 lần bị từ chối vì sai khóa — kiểm tra khóa bí mật");
    expect(refused.textContent).toContain("Lần gần nhất: 02/12/2026 14:05");
  });

  it("lists the last notifications: Vietnam time, provider, amount in đồng, direction, outcome and reason", async () => {
    const { page } = await section(stored, notifications);
    const rows = within(within(page).getByRole("table")).getAllByRole("row").slice(1);
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    );
    expect(cells).toEqual([
      [
        "02/12/2026 16:30",
        "Casso",
        "50.000đ",
        "Tiền ra",
        "Bỏ qua: không phải học phíTiền chuyển đi từ tài khoản của trung tâm.",
        "–",
      ],
      ["02/12/2026 15:00", "SePay", "3.000.000đ", "Tiền vào", "Đã ghi nhận: đủ học phí", "LH7K3M9Q2"],
      [
        "02/12/2026 00:15",
        "SePay",
        "200.000đ",
        "Tiền vào",
        "Chờ xử lý ở trang Thanh toánNội dung chuyển khoản không có mã thanh toán.",
        "–",
      ],
    ]);
    expect(rawKeysIn(page.textContent ?? "")).toEqual([]);
  });

  it("speaks German with the reader's language", async () => {
    const { page } = await renderOnPage(
      <BankFeedSection
        feed={stored}
        notifications={notifications}
        paymentAccount=""
        webhookBase={BASE}
        lastResult={undefined}
      />,
      { language: "de", path: "/de/admin/settings?tab=payment" },
    );
    expect(within(page).getByLabelText("Anbieter")).toBeTruthy();
    expect(page.textContent).toContain("Gespeichert: ••••abcd");
    expect(page.textContent).toContain("3-mal wegen eines falschen Schlüssels abgelehnt");
    expect(rawKeysIn(page.textContent ?? "")).toEqual([]);
  });
});
