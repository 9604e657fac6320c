// A class's attendance (issue 30): the marks a teacher gives each learner at a session, and the
// one rule for which session a teacher's page opens on. Pure: the page's form and the server share it.

export const attendanceStatuses = ["present", "late", "absent", "excused"] as const;
export type AttendanceStatus = (typeof attendanceStatuses)[number];

/** Whether a mark counts as having come (the attendance rate, a certificate's threshold). */
export function attended(status: AttendanceStatus): boolean {
  return status === "present" || status === "late";
}

/** The session a class's page opens on: today's when the class meets today, else the latest one
 * before today, else its first. `days` in order. */
export function defaultSessionDay(days: readonly string[], today: string): string | undefined {
  if (days.includes(today)) return today;
  const past = days.filter((day) => day < today);
  return past.at(-1) ?? days[0];
}
