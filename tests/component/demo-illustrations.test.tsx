// Issue 32, "a demo that looks alive": where a photo would be and none was uploaded, the public
// pages show our drawings (ADR 051) instead of a bare gradient — a course's level, a team member's
// colour, a post's category, the home page's video poster — each with its description from the
// page's texts, or empty where the title beside it says it all. An upload always comes first.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PostCard } from "~/components/blog/post-card";
import { TeamSection } from "~/components/site/about/team-section";
import { CourseCard } from "~/components/site/courses/course-card";
import { CourseDetail } from "~/components/site/courses/course-detail";
import { homeCourse, homePost } from "~/components/site/home/home-cards.server";
import { LatestPosts, OpenCourses } from "~/components/site/home/home-sections";
import { IntroVideo } from "~/components/site/home/intro-video";
import courseA1 from "~/components/site/illustrations/course-a1.svg";
import courseB2 from "~/components/site/illustrations/course-b2.svg";
import courseAdvanced from "~/components/site/illustrations/course-c.svg";
import hero from "~/components/site/illustrations/hero.svg";
import postCulture from "~/components/site/illustrations/post-culture.svg";
import postGrammar from "~/components/site/illustrations/post-grammar.svg";
import teamGreen from "~/components/site/illustrations/team-green.svg";
import { i18n } from "~/i18n/resources.server";
import type { PostSummary } from "~/models/post.server";
import { rawKeysIn, renderOnPage } from "./render";

const UPLOAD = "/uploads/0123456789abcdef0123456789abcdef-1200.webp";

// Built as the model gives them; not annotated, so that fields a model adds later (a course's
// slug) are no excess properties here.
const course = {
  id: "6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b",
  level: "A1",
  slug: "tieng-duc-co-ban-a1",
  title: "Tiếng Đức cơ bản A1",
  description: "Khóa học dành cho người mới bắt đầu.",
  duration: "10 tuần",
  lessons: "30 buổi",
  price: 2_500_000,
  features: ["Luyện phát âm chuẩn"],
  color: "blue",
  translations: {},
  fallbackFields: [],
};

const member = {
  id: "member-1",
  name: "Thomas Becker",
  role: "Giáo viên bản ngữ",
  experience: "9 năm giảng dạy",
  education: "",
  certifications: [],
  specialties: [],
  achievements: "",
  avatar: null,
  color: "green",
  fallbackFields: [],
};

const post: PostSummary = {
  id: "post-1",
  title: "Du hay Sie? Cách xưng hô đúng mực với người Đức",
  slug: "du-hay-sie-cach-xung-ho-dung-muc-voi-nguoi-duc",
  excerpt: "Những quy tắc xưng hô cơ bản.",
  category: "culture",
  tags: ["văn hóa Đức"],
  thumbnail: null,
  author: "Lena Hoffmann",
  readTime: 5,
  createdAt: new Date("2026-11-20T02:00:00Z"),
  fallbackFields: [],
};

/** The page's own text for `key` in `namespace`, as the translator gives it. */
const text = (language: "vi" | "en" | "de", namespace: string, key: string) =>
  i18n.getFixedT(language, namespace)(key);

/** Where an image comes from. The drawings are compared with their imports: the build gives
 * them fingerprinted /assets/ addresses, the tests' Vite may give a small one as a data: URL. */
const source = (image: Element | null) => image?.getAttribute("src");

describe("a course without a photo", () => {
  for (const language of ["vi", "en", "de"] as const) {
    it(`shows its level's drawing on /courses, described in ${language}`, async () => {
      const { page } = await renderOnPage(<CourseCard course={course} />, { language });
      const image = within(page).getByRole("img", {
        name: text(language, "courses", "card.illustration.A1"),
      });
      expect(source(image)).toBe(courseA1);
      expect(image.getAttribute("width")).toBe("160");
      expect(image.getAttribute("height")).toBe("160");
      expect(rawKeysIn(page.innerHTML)).toEqual([]);
    });
  }

  it("shows the graduation cap for a level above B2, and the level's drawing on its own page", async () => {
    const { page, unmount } = await renderOnPage(<CourseCard course={{ ...course, level: "C1" }} />);
    expect(
      source(within(page).getByRole("img", { name: text("vi", "courses", "card.illustration.advanced") })),
    ).toBe(courseAdvanced);
    unmount();
    const detail = await renderOnPage(
      <CourseDetail course={{ ...course, level: "B2", body: [] }} classes={[]} />,
    );
    expect(
      source(within(detail.page).getByRole("img", { name: text("vi", "courses", "card.illustration.B2") })),
    ).toBe(courseB2);
  });

  it("shows the drawing on the home page too, worked out on the server, described in home's texts", async () => {
    const { page } = await renderOnPage(<OpenCourses courses={[homeCourse(course)]} />, { language: "de" });
    const image = within(page).getByRole("img", { name: text("de", "home", "courses.illustration.A1") });
    expect(source(image)).toBe(courseA1);
    expect(text("de", "home", "courses.illustration.A1")).toBe(text("de", "courses", "card.illustration.A1"));
  });
});

describe("a team member", () => {
  it("without a photo shows the drawn portrait of their colour, said to be one", async () => {
    const { page } = await renderOnPage(<TeamSection members={[member]} />, { language: "en" });
    const image = within(page).getByRole("img", { name: "Illustrated portrait" });
    expect(source(image)).toBe(teamGreen);
    expect(image.getAttribute("width")).toBe("128");
    expect(within(page).queryByTestId("avatar-initial")).toBeNull();
  });

  it("with an uploaded photo shows the photo (its small variant), not the drawing", async () => {
    const { page } = await renderOnPage(<TeamSection members={[{ ...member, avatar: UPLOAD }]} />);
    expect(within(page).queryByRole("img", { name: text("vi", "about", "team.portrait") })).toBeNull();
    expect(within(page).queryByTestId("avatar-portrait")).toBeNull();
    const photo = page.querySelector("img");
    expect(photo?.getAttribute("src")).toBe("/uploads/0123456789abcdef0123456789abcdef-480.webp");
    // Decorative: the name is written next to it.
    expect(photo?.getAttribute("alt")).toBe("");
  });
});

describe("a post", () => {
  it("without a picture shows its category's drawing, decorative beside its title", async () => {
    const { page } = await renderOnPage(<PostCard post={post} />);
    const image = page.querySelector("img");
    expect(source(image)).toBe(postCulture);
    expect(image?.getAttribute("alt")).toBe("");
    expect(image?.getAttribute("width")).toBe("320");
    expect(image?.getAttribute("height")).toBe("180");
  });

  it("with an uploaded picture shows the upload, on the blog and on the home page", async () => {
    const { page, unmount } = await renderOnPage(<PostCard post={{ ...post, thumbnail: UPLOAD }} />);
    expect(page.querySelector("img")?.getAttribute("src")).toBe(
      "/uploads/0123456789abcdef0123456789abcdef-480.webp",
    );
    unmount();
    const home = await renderOnPage(<LatestPosts posts={[homePost({ ...post, thumbnail: UPLOAD })]} />);
    expect(home.page.querySelector("img")?.getAttribute("src")).toBe(
      "/uploads/0123456789abcdef0123456789abcdef-480.webp",
    );
  });

  it("without a picture on the home page shows its category's drawing", async () => {
    const { page } = await renderOnPage(<LatestPosts posts={[homePost({ ...post, category: "grammar" })]} />);
    expect(source(page.querySelector("img"))).toBe(postGrammar);
    expect(page.querySelector('[class*="bg-gradient"]')).toBeNull();
  });
});

describe("the home page's video poster", () => {
  it("is the drawing of an online class, described, with no play button when there is no video", async () => {
    const { page } = await renderOnPage(<IntroVideo video={null} />);
    const image = screen.getByRole("img", { name: text("vi", "home", "video.illustration") });
    expect(source(image)).toBe(hero);
    expect(within(page).queryByRole("button")).toBeNull();
    expect(within(page).getByText(text("vi", "home", "video.caption"))).toBeTruthy();
  });
});
