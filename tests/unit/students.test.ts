import { describe, expect, it } from "vitest";
import {
  allowedPaymentTransitions,
  allowedStatusTransitions,
  canChangePayment,
  canChangeStatus,
  readStudentListQuery,
  studentListParams,
} from "~/schemas/enrollment-admin";

describe("enrolment status pipeline", () => {
  it("moves one step forward: new → contacted → trial → enrolled", () => {
    expect(allowedStatusTransitions("new")).toEqual(["contacted", "cancelled"]);
    expect(allowedStatusTransitions("contacted")).toEqual(["trial", "cancelled"]);
    expect(allowedStatusTransitions("trial")).toEqual(["enrolled", "cancelled"]);
    expect(allowedStatusTransitions("enrolled")).toEqual(["cancelled"]);
  });

  it("cancels from any step; cancelled is final", () => {
    for (const from of ["new", "contacted", "trial", "enrolled"])
      expect(canChangeStatus(from, "cancelled")).toBe(true);
    expect(allowedStatusTransitions("cancelled")).toEqual([]);
  });

  it("refuses skipping a step, going back, staying put and unknown statuses", () => {
    expect(canChangeStatus("new", "trial")).toBe(false);
    expect(canChangeStatus("new", "enrolled")).toBe(false);
    expect(canChangeStatus("trial", "contacted")).toBe(false);
    expect(canChangeStatus("contacted", "new")).toBe(false);
    expect(canChangeStatus("new", "new")).toBe(false);
    expect(canChangeStatus("cancelled", "new")).toBe(false);
    expect(canChangeStatus("archived", "new")).toBe(false);
    expect(canChangeStatus("new", "archived")).toBe(false);
  });
});

describe("payment status", () => {
  it("is refunded once paid and changes no other way by itself (a payment is recorded instead)", () => {
    expect(allowedPaymentTransitions("pending")).toEqual([]);
    expect(canChangePayment("pending", "paid")).toBe(false);
    expect(allowedPaymentTransitions("paid")).toEqual(["refunded"]);
    expect(allowedPaymentTransitions("refunded")).toEqual([]);
    expect(canChangePayment("pending", "refunded")).toBe(false);
    expect(canChangePayment("paid", "pending")).toBe(false);
    expect(canChangePayment("refunded", "paid")).toBe(false);
  });
});

describe("students list URL", () => {
  it("reads filters, sort and page, ignoring values a hand-edited URL made up", () => {
    expect(
      readStudentListQuery(
        "q=+Lan+&status=trial&course=b1&schedule=evening&hearAbout=friend&from=2026-01-01&to=2026-02-01&sort=name&page=3",
      ),
    ).toEqual({
      q: "Lan",
      status: "trial",
      course: "b1",
      schedule: "evening",
      hearAbout: "friend",
      from: "2026-01-01",
      to: "2026-02-01",
      sort: "name",
      page: 3,
    });
    expect(readStudentListQuery("status=archived&course=x&from=yesterday&sort=random&page=-2&q=")).toEqual({
      sort: "newest",
      page: 1,
    });
  });

  it("writes back only what differs from the default list", () => {
    const query = readStudentListQuery("q=Đức&status=new&sort=newest&page=4");
    expect(studentListParams(query).toString()).toBe("q=%C4%90%E1%BB%A9c&status=new");
    expect(studentListParams(query, { page: 2 }).get("page")).toBe("2");
  });
});
