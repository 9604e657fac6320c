// "Khóa học của tôi" on /profile with one enrolment, as a verified learner sees it: the row goes
// through the profile's own mapping (myCourseOf), as the page's loader sends it.
import { within } from "@testing-library/react";
import { myCourseOf } from "~/auth/learner-profile.server";
import { MyCoursesSection } from "~/components/account/my-courses-section";
import type { Language } from "~/i18n/language";
import type { LearnerEnrollment } from "~/models/learner-enrollment.server";
import type { PaymentSettings } from "~/models/payment-settings.server";
import { renderOnPage } from "./render";

/** The enrolment's item in the list. */
export async function renderMyCourse(row: LearnerEnrollment, settings: PaymentSettings, language: Language) {
  const { page } = await renderOnPage(
    <MyCoursesSection
      email="hoc-vien@example.com"
      data={{
        emailVerified: true,
        enrollments: [myCourseOf(row, settings)],
        justCancelled: false,
        confirmCancel: undefined,
        trials: [],
        justCancelledTrial: false,
        confirmCancelTrial: undefined,
      }}
      actionData={undefined}
    />,
    { language, path: "/profile" },
  );
  return within(page).getByRole("listitem");
}
