// schema.org data for the classes: each upcoming class is a CourseInstance (an Event too) inside
// its Course, online, with its weekly schedule, teacher and seat availability. The meeting link
// is private, so the virtual location is the course's public page.
import { courseItem, type Site, siteAddress } from "~/components/site/courses/course-json-ld";
import { courseHref } from "~/components/site/courses/course-links";
import { classEndDay, firstSessionDay, hourMinute } from "~/lib/class-dates";
import { TIME_ZONE } from "~/lib/format";
import type { PublicClass } from "~/models/class-schedule.server";
import { enrollClassHref } from "./schedule-links";

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
/** Vietnam's offset, the same all year (ADR 026). */
const OFFSET = "+07:00";

export function classInstance(item: PublicClass, site: Site) {
  const first = firstSessionDay(item.startsOn, item.weekdays);
  const last = classEndDay(item);
  const start = hourMinute(item.startTime);
  const end = hourMinute(item.endTime);
  return {
    "@type": "CourseInstance",
    name: item.courseTitle,
    courseMode: "Online",
    eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
    eventStatus: "https://schema.org/EventScheduled",
    startDate: `${first}T${start}:00${OFFSET}`,
    endDate: `${last}T${end}:00${OFFSET}`,
    location: { "@type": "VirtualLocation", url: siteAddress(site, courseHref(item.courseSlug)) },
    ...(item.teacherName ? { instructor: { "@type": "Person", name: item.teacherName } } : {}),
    courseSchedule: {
      "@type": "Schedule",
      repeatFrequency: "P1W",
      byDay: [...item.weekdays].sort((a, b) => a - b).map((day) => `https://schema.org/${DAYS[day - 1]}`),
      startTime: start,
      endTime: end,
      startDate: first,
      endDate: last,
      ...(item.sessionCount ? { repeatCount: item.sessionCount } : {}),
      scheduleTimezone: TIME_ZONE,
    },
    offers: {
      "@type": "Offer",
      price: item.price,
      priceCurrency: "VND",
      // A full class still takes enrolments, onto its waitlist.
      availability: item.full ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
      url: siteAddress(site, enrollClassHref(item.id)),
    },
  };
}

/** One course's page: the course with its upcoming classes. */
export function classesOfCourse(classes: readonly PublicClass[], site: Site) {
  return classes.map((item) => classInstance(item, site));
}

/** /schedule: the courses that have upcoming classes, each with its classes, as an ItemList. */
export function scheduleJsonLd(classes: readonly PublicClass[], site: Site, language = "vi") {
  const byCourse = new Map<string, PublicClass[]>();
  for (const item of classes) byCourse.set(item.courseId, [...(byCourse.get(item.courseId) ?? []), item]);
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: [...byCourse.values()].map((items, index) => {
      const [head] = items as [PublicClass];
      const course = {
        id: head.courseId,
        slug: head.courseSlug,
        level: head.level,
        title: head.courseTitle,
        description: head.courseDescription,
        price: head.price,
        fallbackFields: head.fallbackFields.map((field) =>
          field === "courseTitle" ? "title" : "description",
        ),
      };
      return {
        "@type": "ListItem",
        position: index + 1,
        item: courseItem(course, site, classesOfCourse(items, site), language),
      };
    }),
  };
}
