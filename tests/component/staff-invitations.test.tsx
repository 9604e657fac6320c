// Settings › Users' invitations (issue 30): the invite form with every staff role and the mail's
// three languages, and the list with each invitation's status; "Gửi lại" and "Thu hồi" only where
// they can still work (revoke a pending one; send again a pending or expired one).
import { within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type InvitationRow, StaffInvitations } from "~/components/admin/settings/staff-invitations";
import { rawKeysIn, renderOnPage } from "./render";

const future = new Date(Date.now() + 3 * 24 * 3600_000);
const rows: InvitationRow[] = [
  {
    id: "a",
    email: "cho@lernhaus.test",
    name: "Chờ",
    role: "teacher",
    status: "pending",
    invitedBy: "Cô Lan",
    expiresAt: future,
  },
  {
    id: "b",
    email: "het@lernhaus.test",
    name: "Hết",
    role: "editor",
    status: "expired",
    invitedBy: null,
    expiresAt: future,
  },
  {
    id: "c",
    email: "xong@lernhaus.test",
    name: "Xong",
    role: "admin",
    status: "accepted",
    invitedBy: "Cô Lan",
    expiresAt: future,
  },
];

describe("the staff invitations section", () => {
  it("offers every staff role and language, and the actions an invitation can still take", async () => {
    const { page } = await renderOnPage(<StaffInvitations invitations={rows} lastResult={undefined} />, {
      path: "/admin/settings",
    });
    const role = within(page).getByLabelText("Vai trò") as HTMLSelectElement;
    expect([...role.options].map((option) => option.value)).toEqual([
      "admin",
      "consultant",
      "teacher",
      "editor",
    ]);
    const language = within(page).getByLabelText("Ngôn ngữ của email") as HTMLSelectElement;
    expect([...language.options].map((option) => option.textContent)).toEqual([
      "Tiếng Việt",
      "Tiếng Anh",
      "Tiếng Đức",
    ]);
    const table = within(page).getByRole("table");
    const row = (email: string) => within(table).getByText(email).closest("tr")!;
    expect(within(row("cho@lernhaus.test")).getByText("Đang chờ")).toBeTruthy();
    expect(
      within(row("cho@lernhaus.test"))
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Gửi lại", "Thu hồi"]);
    expect(
      within(row("het@lernhaus.test"))
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Gửi lại"]);
    expect(within(row("xong@lernhaus.test")).queryAllByRole("button")).toHaveLength(0);
    expect(within(row("xong@lernhaus.test")).getByText("Đã nhận")).toBeTruthy();
    expect(rawKeysIn(page.textContent ?? "")).toEqual([]);
  });
});
