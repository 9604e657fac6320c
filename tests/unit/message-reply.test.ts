import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  allowedMessageTransitions,
  canChangeMessageStatus,
  messageListParams,
  messageReplySchema,
  messageStatusChangeSchema,
  readMessageListQuery,
  statusAfterReply,
} from "~/schemas/message-reply";

const ID = "0b7e7c4e-3f7a-4d7e-9a43-3c1a2b9d8e11";

describe("contact message statuses", () => {
  it("go new → answered → closed", () => {
    expect(allowedMessageTransitions("new", false)).toEqual(["answered", "closed"]);
    expect(allowedMessageTransitions("answered", true)).toEqual(["closed"]);
    expect(canChangeMessageStatus("new", "answered", false)).toBe(true);
    expect(canChangeMessageStatus("answered", "closed", true)).toBe(true);
  });

  it("reopen a closed message to answered when it was answered, else to new", () => {
    expect(allowedMessageTransitions("closed", true)).toEqual(["answered"]);
    expect(allowedMessageTransitions("closed", false)).toEqual(["new"]);
    expect(canChangeMessageStatus("closed", "new", true)).toBe(false);
    expect(canChangeMessageStatus("closed", "answered", false)).toBe(false);
  });

  it("refuse going back, staying put and unknown statuses", () => {
    expect(canChangeMessageStatus("answered", "new", true)).toBe(false);
    expect(canChangeMessageStatus("new", "new", false)).toBe(false);
    expect(canChangeMessageStatus("closed", "closed", true)).toBe(false);
    expect(canChangeMessageStatus("archived", "closed", false)).toBe(false);
    expect(canChangeMessageStatus("new", "archived", false)).toBe(false);
    expect(allowedMessageTransitions("archived", true)).toEqual([]);
  });

  it("make a message answered by a reply, whatever its status", () => {
    for (const from of ["new", "answered", "closed"]) expect(statusAfterReply(from)).toBe("answered");
  });
});

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.set(key, value);
  return data;
};

describe("the reply form's schema", () => {
  it("accepts a reply and trims it", () => {
    const result = parseWithZod(form({ id: ID, body: "  Chào bạn, lớp A1 khai giảng ngày 5/9.  " }), {
      schema: messageReplySchema,
    });
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({
      id: ID,
      body: "Chào bạn, lớp A1 khai giảng ngày 5/9.",
    });
  });

  it("refuses an empty or blank reply with the required message", () => {
    for (const body of ["", "   \n "]) {
      const result = parseWithZod(form({ id: ID, body }), { schema: messageReplySchema });
      expect(result.status).toBe("error");
      expect(result.reply().error?.body).toEqual(["validation.required"]);
    }
  });

  it("refuses a reply over 5,000 characters and a malformed message id", () => {
    const long = parseWithZod(form({ id: ID, body: "a".repeat(5001) }), { schema: messageReplySchema });
    expect(long.reply().error?.body).toEqual(["validation.tooLong"]);
    const badId = parseWithZod(form({ id: "1; drop table", body: "ok" }), { schema: messageReplySchema });
    expect(badId.status).toBe("error");
    expect(badId.reply().error?.id).toBeTruthy();
  });

  it("takes only the three statuses for a status change", () => {
    expect(messageStatusChangeSchema.safeParse({ id: ID, status: "closed" }).success).toBe(true);
    expect(messageStatusChangeSchema.safeParse({ id: ID, status: "deleted" }).success).toBe(false);
  });
});

describe("the inbox in the URL", () => {
  it("reads status, subject, search and page, ignoring values an edited URL made up", () => {
    expect(
      readMessageListQuery(new URLSearchParams("q=%20Lan%20&status=answered&subject=pricing&page=3")),
    ).toEqual({ q: "Lan", status: "answered", subject: "pricing", page: 3 });
    expect(readMessageListQuery(new URLSearchParams("status=spam&subject=x&page=-2&q="))).toEqual({
      q: undefined,
      status: undefined,
      subject: undefined,
      page: 1,
    });
  });

  it("writes a view back without page 1, with the open message", () => {
    const query = readMessageListQuery(new URLSearchParams("status=new&subject=schedule"));
    expect(messageListParams(query).toString()).toBe("status=new&subject=schedule");
    expect(messageListParams(query, { page: 2, id: ID }).toString()).toBe(
      `status=new&subject=schedule&page=2&id=${ID}`,
    );
  });
});
