import { describe, expect, it } from "vitest";
import { BODY_LIMITS, bodyLimitFor } from "../../server/body-limit";

describe("bodyLimitFor", () => {
  it("gives the admin's pages and their .data requests the admin limit, and nothing else", () => {
    for (const path of [
      "/admin",
      "/admin.data",
      "/admin/posts",
      "/admin/posts.data",
      "/admin/settings/erase",
    ]) {
      expect(bodyLimitFor(path), path).toBe(BODY_LIMITS.admin);
    }
    // A path that only begins like the admin's is public.
    for (const path of [
      "/administrator",
      "/admin-tools",
      "/enroll",
      "/enroll.data",
      "/api/email/contact",
      "/",
    ]) {
      expect(bodyLimitFor(path), path).toBe(BODY_LIMITS.public);
    }
  });

  it("gives only the upload endpoints their limits", () => {
    expect(bodyLimitFor("/admin/uploads")).toBe(BODY_LIMITS.upload);
    expect(bodyLimitFor("/admin/uploads/video")).toBe(BODY_LIMITS.videoUpload);
    expect(bodyLimitFor("/uploads")).toBe(BODY_LIMITS.public);
  });
});
