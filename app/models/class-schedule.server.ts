// Public reads of classes ("lịch khai giảng", ADR 026): the upcoming classes with their seats
// left, for /schedule and the course pages, and one class for its calendar file. Never the
// meeting link: it is for the class's learners only.
import { and, asc, eq, gte, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { courseClasses, courses, enrollments, teamMembers } from "~/db/schema";
import { defaultLanguage, type Language } from "~/i18n/language";
import { localizeContent } from "~/lib/content-language";
import { courseSlugIn } from "~/lib/course-address";
import { calendarDayInVietnam } from "~/lib/format";
import { isUuid, sortCoursesByLevel } from "~/schemas/course";
import { courseSummary } from "./course.server";
import { isCourseOpen } from "./course-query.server";

/** Enrolments holding a seat of the class (ADR 026): not cancelled and not on the waitlist. */
const seatsHeld = sql<number>`(
  select count(*)::int from ${enrollments}
  where ${enrollments.classId} = ${courseClasses.id}
    and ${enrollments.status} <> 'cancelled'
    and ${enrollments.waitlistRank} is null
)`;

// The teacher is named only while shown on the about page (an inactive member is not public).
const teacherName = sql<string | null>`case when ${teamMembers.active} then ${teamMembers.name} end`;

// When and how a class meets, and who teaches it: what every public view of a class shows.
const meetingColumns = {
  id: courseClasses.id,
  courseId: courseClasses.courseId,
  // Its Vietnamese slug; each view gives the course's address in its language (ADR 052).
  courseSlug: courses.slug,
  courseTitle: courses.title,
  level: courses.level,
  startsOn: courseClasses.startsOn,
  sessionCount: courseClasses.sessionCount,
  endsOn: courseClasses.endsOn,
  weekdays: courseClasses.weekdays,
  startTime: courseClasses.startTime,
  endTime: courseClasses.endTime,
  teacherName,
};

const publicColumns = {
  ...meetingColumns,
  courseDescription: courses.description,
  courseTranslations: courses.translations,
  // The class's public note ("Lớp cuối tuần cho người đi làm"); the meeting link stays private.
  note: courseClasses.note,
  classTranslations: courseClasses.translations,
  price: courses.price,
  capacity: courseClasses.capacity,
  status: courseClasses.status,
  seatsHeld,
};

function selectClasses(db: Db) {
  return db
    .select(publicColumns)
    .from(courseClasses)
    .innerJoin(courses, eq(courses.id, courseClasses.courseId))
    .leftJoin(teamMembers, eq(teamMembers.id, courseClasses.teacherId));
}

type ClassRow = Awaited<ReturnType<typeof selectClasses>>[number];

export interface PublicClass
  extends Omit<ClassRow, "seatsHeld" | "capacity" | "courseTranslations" | "classTranslations"> {
  /** The course's texts and the note shown in Vietnamese on an English or German page (ADR 032). */
  fallbackFields: ("courseTitle" | "courseDescription" | "note")[];
  seatsLeft: number;
  /** Status full or no seat left: an enrolment goes to the waitlist. */
  full: boolean;
  /** It has not started yet, so it takes enrolments (a class starting today no longer does). */
  enrolling: boolean;
}

function toPublicClass(
  { seatsHeld: held, capacity, courseTranslations, classTranslations, ...row }: ClassRow,
  today: string,
  language: Language,
): PublicClass {
  const seatsLeft = Math.max(0, capacity - held);
  const course = localizeContent(
    { title: row.courseTitle, description: row.courseDescription, translations: courseTranslations },
    language,
    ["title", "description"],
  );
  const note = localizeContent({ note: row.note, translations: classTranslations }, language, ["note"]);
  return {
    ...row,
    courseSlug: courseSlugIn({ slug: row.courseSlug, translations: courseTranslations }, language),
    courseTitle: course.title,
    courseDescription: courseSummary(course.description),
    note: note.note,
    fallbackFields: [
      ...course.fallbackFields.map((field) =>
        field === "title" ? ("courseTitle" as const) : ("courseDescription" as const),
      ),
      ...note.fallbackFields,
    ],
    seatsLeft,
    full: row.status === "full" || seatsLeft === 0,
    enrolling: row.startsOn > today,
  };
}

/** The upcoming classes of open courses, their course's title and description in `language`: open or full, starting today or later in Vietnam
 * (running, finished and cancelled ones are not listed). By level as the courses page sorts
 * its courses, then by start date and time. `courseId` narrows to one course's classes. */
export async function listUpcomingClasses(
  db: Db,
  options: { courseId?: string; today?: string; language?: Language } = {},
): Promise<PublicClass[]> {
  const today = options.today ?? calendarDayInVietnam();
  if (options.courseId !== undefined && !isUuid(options.courseId)) return [];
  const rows = await selectClasses(db)
    .where(
      and(
        isCourseOpen,
        inArray(courseClasses.status, ["open", "full"]),
        gte(courseClasses.startsOn, today),
        options.courseId ? eq(courseClasses.courseId, options.courseId) : undefined,
      ),
    )
    .orderBy(
      asc(courseClasses.startsOn),
      asc(courseClasses.startTime),
      asc(courses.createdAt),
      asc(courseClasses.id),
    );
  return sortCoursesByLevel(rows).map((row) =>
    toPublicClass(row, today, options.language ?? defaultLanguage),
  );
}

export interface LevelGroup {
  level: string;
  classes: PublicClass[];
}

/** Classes already in level order, one group per level (A1, A2, … as the courses page). */
export function groupClassesByLevel(classes: readonly PublicClass[]): LevelGroup[] {
  const groups: LevelGroup[] = [];
  for (const item of classes) {
    const last = groups.at(-1);
    if (last?.level === item.level) last.classes.push(item);
    else groups.push({ level: item.level, classes: [item] });
  }
  return groups;
}

/** A class as its calendar file shows it, or undefined when unknown or cancelled. Running and
 * finished classes, and those of a course closed since, keep their file: their learners may
 * want it, and it holds nothing private. */
export async function getClassForCalendar(db: Db, id: string, language: Language = defaultLanguage) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({
      ...meetingColumns,
      courseTranslations: courses.translations,
      updatedAt: courseClasses.updatedAt,
    })
    .from(courseClasses)
    .innerJoin(courses, eq(courses.id, courseClasses.courseId))
    .leftJoin(teamMembers, eq(teamMembers.id, courseClasses.teacherId))
    .where(and(eq(courseClasses.id, id), ne(courseClasses.status, "cancelled")))
    .limit(1);
  if (!row) return undefined;
  const { courseTranslations, ...item } = row;
  const course = localizeContent({ title: item.courseTitle, translations: courseTranslations }, language, [
    "title",
  ]);
  return {
    ...item,
    courseSlug: courseSlugIn({ slug: item.courseSlug, translations: courseTranslations }, language),
    courseTitle: course.title,
  };
}

export type CalendarClass = NonNullable<Awaited<ReturnType<typeof getClassForCalendar>>>;
