// The teacher's forms for a class session (issue 30): attendance and the session's note. Shared
// by the page's forms and the action.
import { z } from "zod";
import { attendanceStatuses } from "~/lib/attendance";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "validation.invalidChoice" });

export const LESSON_NOTE_MAX_LENGTH = 2000;

/** Attendance of one session: `mark.<enrolment id>` = present | late | absent | excused. A
 * learner left unmarked keeps no mark. */
export const attendanceSchema = z.object({
  day,
  mark: z
    .record(z.uuid(), z.enum(attendanceStatuses, { error: "validation.invalidChoice" }))
    .default({})
    .refine((marks) => Object.keys(marks).length <= 200, { error: "validation.invalidChoice" }),
});
export type AttendanceInput = z.infer<typeof attendanceSchema>;

export const lessonNoteSchema = z.object({
  day,
  covered: z.string().trim().max(LESSON_NOTE_MAX_LENGTH, { error: "validation.tooLong" }).default(""),
  homework: z.string().trim().max(LESSON_NOTE_MAX_LENGTH, { error: "validation.tooLong" }).default(""),
});
export type LessonNoteInput = z.infer<typeof lessonNoteSchema>;
