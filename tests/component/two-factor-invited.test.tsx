// An admin who has just joined through an invitation lands on their profile (issue 30): the
// two-step section asks them to turn it on, in their language, until it is on.
import { screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { TwoFactorSection } from "~/components/account/two-factor-section";
import { languages } from "~/i18n/language";
import { rawKeysIn, renderOnPage } from "./render";

const invitedNotice = {
  vi: /Hãy bật xác minh hai bước ngay bây giờ/,
  en: /Please turn on two-step verification now/,
  de: /Bitte aktivieren Sie jetzt die Zwei-Schritt-Verifizierung/,
};

it.each(languages)(
  "asks a newly invited admin to turn two-step verification on (%s), and no longer once it is on",
  async (language) => {
    const off = await renderOnPage(
      <TwoFactorSection setup={{ status: "off" }} required={false} invited actionData={undefined} />,
      { language },
    );
    expect(screen.getByRole("status").textContent).toMatch(invitedNotice[language]);
    expect(rawKeysIn(off.page.textContent ?? "")).toEqual([]);
    off.unmount();
    await renderOnPage(
      <TwoFactorSection setup={{ status: "on" }} required={false} invited actionData={undefined} />,
      {
        language,
      },
    );
    expect(screen.queryByText(invitedNotice[language])).toBeNull();
  },
);
