import { describe, expect, it } from "vitest";
import { homeVideoSchema, youtubeVideoId } from "~/schemas/settings";

describe("the home page video setting", () => {
  it.each([
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtube.com/watch?feature=shared&v=dQw4w9WgXcQ&t=42",
    "https://m.youtube.com/watch?v=dQw4w9WgXcQ",
    "http://youtu.be/dQw4w9WgXcQ?si=abc",
    "https://www.youtube.com/embed/dQw4w9WgXcQ",
    "https://www.youtube.com/shorts/dQw4w9WgXcQ",
    "https://www.youtube.com/live/dQw4w9WgXcQ",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0",
  ])("takes the video id out of %s", (address) => {
    expect(youtubeVideoId(address)).toBe("dQw4w9WgXcQ");
  });

  it.each([
    "dQw4w9WgXcQ",
    "https://vimeo.com/76979871",
    "https://www.youtube.com/@lernhaus",
    "https://www.youtube.com/watch?v=short",
    "https://youtu.be/dQw4w9WgXcQ/../../x",
    "https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "javascript:alert(1)//youtu.be/dQw4w9WgXcQ",
  ])("refuses %s", (address) => {
    expect(youtubeVideoId(address)).toBeUndefined();
  });

  it("stores the id, an empty field as no video, and names the error by its i18n key", () => {
    expect(homeVideoSchema.parse({ video: " https://youtu.be/dQw4w9WgXcQ " })).toEqual({
      video: "dQw4w9WgXcQ",
    });
    expect(homeVideoSchema.parse({ video: "" })).toEqual({ video: undefined });
    const failed = homeVideoSchema.safeParse({ video: "https://vimeo.com/76979871" });
    expect(failed.error?.issues.map((issue) => issue.message)).toEqual([
      "admin-settings:video.errors.youtube",
    ]);
  });
});
