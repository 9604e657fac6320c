// The class of an enrolment in the admin's detail panel: when it starts, and the enrolment's
// place: on the waitlist (its position) or holding a seat offered from the waitlist (the day).
import { useTranslation } from "~/i18n/react";
import { type ClassWhen, describeClassWhen } from "~/lib/class-dates";
import { formatDateVi } from "~/lib/format";

export interface EnrollmentSeatView extends ClassWhen {
  cancelled: boolean;
  waitlistPosition: number | null;
  seatOfferedAt: Date | string | null;
}

export function EnrollmentSeatSummary({ seat }: { seat: EnrollmentSeatView }) {
  const { t } = useTranslation("class-seats");
  useTranslation("schedule"); // the weekday names of describeClassWhen
  const place = seat.cancelled
    ? undefined
    : seat.waitlistPosition !== null
      ? t("admin.waitlistPosition", { position: seat.waitlistPosition })
      : seat.seatOfferedAt
        ? t("admin.offered", { date: formatDateVi(seat.seatOfferedAt) })
        : undefined;
  return (
    <>
      <span className="block">{describeClassWhen(t, seat)}</span>
      {place && (
        <span className="mt-1 block text-sm font-medium text-blue-800" data-testid="enrollment-seat-place">
          {place}
        </span>
      )}
    </>
  );
}
