import { describe, expect, it } from "vitest";
import { classInstance, scheduleJsonLd } from "~/components/site/schedule/class-json-ld";
import type { PublicClass } from "~/models/class-schedule.server";

const site = { url: "https://lernhaus.test", name: "Lernhaus" };

function publicClass(extra: Partial<PublicClass> = {}): PublicClass {
  return {
    id: "c1",
    courseId: "k1",
    courseSlug: "tieng-duc-co-ban-a1",
    courseTitle: "Tiếng Đức cơ bản A1",
    courseDescription: "Mô tả",
    level: "A1",
    price: 2_500_000,
    startsOn: "2026-01-06",
    sessionCount: 4,
    endsOn: null,
    weekdays: [3, 1],
    startTime: "19:00:00",
    endTime: "20:30:00",
    teacherName: "Nguyễn Thị Hương",
    status: "open",
    seatsLeft: 3,
    full: false,
    enrolling: true,
    note: "",
    fallbackFields: [],
    ...extra,
  };
}

describe("class structured data", () => {
  it("is an online CourseInstance from the first to the last session, in Vietnam time", () => {
    expect(classInstance(publicClass(), site)).toEqual({
      "@type": "CourseInstance",
      name: "Tiếng Đức cơ bản A1",
      courseMode: "Online",
      eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
      eventStatus: "https://schema.org/EventScheduled",
      // A Tuesday start meeting Mon/Wed: Wed 07/01, Mon 12/01, Wed 14/01, Mon 19/01.
      startDate: "2026-01-07T19:00:00+07:00",
      endDate: "2026-01-19T20:30:00+07:00",
      location: { "@type": "VirtualLocation", url: "https://lernhaus.test/courses/tieng-duc-co-ban-a1" },
      instructor: { "@type": "Person", name: "Nguyễn Thị Hương" },
      courseSchedule: {
        "@type": "Schedule",
        repeatFrequency: "P1W",
        byDay: ["https://schema.org/Monday", "https://schema.org/Wednesday"],
        startTime: "19:00",
        endTime: "20:30",
        startDate: "2026-01-07",
        endDate: "2026-01-19",
        repeatCount: 4,
        scheduleTimezone: "Asia/Ho_Chi_Minh",
      },
      offers: {
        "@type": "Offer",
        price: 2_500_000,
        priceCurrency: "VND",
        availability: "https://schema.org/InStock",
        url: "https://lernhaus.test/enroll?class=c1",
      },
    });
  });

  it("is sold out when full, ends on its end date, and names no unknown teacher", () => {
    const data = classInstance(
      publicClass({ full: true, seatsLeft: 0, sessionCount: null, endsOn: "2026-03-30", teacherName: null }),
      site,
    );
    expect(data.offers.availability).toBe("https://schema.org/SoldOut");
    expect(data.endDate).toBe("2026-03-30T20:30:00+07:00");
    expect(data).not.toHaveProperty("instructor");
    expect(data.courseSchedule).not.toHaveProperty("repeatCount");
  });

  it("puts each course's classes inside its Course on /schedule", () => {
    const list = scheduleJsonLd(
      [
        publicClass(),
        publicClass({ id: "c2" }),
        publicClass({ id: "c3", courseId: "k2", courseSlug: "tieng-duc-a2", level: "A2" }),
      ],
      site,
    );
    expect(
      list.itemListElement.map((entry) => [entry.position, entry.item["@type"], entry.item.url]),
    ).toEqual([
      // Each course at its readable address (ADR 052).
      [1, "Course", "https://lernhaus.test/courses/tieng-duc-co-ban-a1"],
      [2, "Course", "https://lernhaus.test/courses/tieng-duc-a2"],
    ]);
    expect(list.itemListElement[0]!.item.hasCourseInstance).toHaveLength(2);
  });
});

describe("structured data on an English or German page", () => {
  it("links to the site's pages at that language's addresses", () => {
    const english = { ...site, language: "en" };
    const data = scheduleJsonLd([publicClass()], english, "en");
    const text = JSON.stringify(data);
    expect(text).toContain("https://lernhaus.test/en/courses/tieng-duc-co-ban-a1");
    expect(text).toContain("https://lernhaus.test/en/enroll?");
    expect(text).not.toMatch(/lernhaus\.test\/(courses|enroll)/);
    expect(JSON.stringify(classInstance(publicClass(), site))).toContain(
      "https://lernhaus.test/courses/tieng-duc-co-ban-a1",
    );
  });
});
