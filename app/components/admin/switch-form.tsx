// A list row's on/off switch (a post public or draft, featured or not; a course open or closed):
// a button that posts the opposite of the value it shows, told apart from the row's other actions by
// its intent. While the save runs it already shows the new value (optimistic).
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";

/** The value a row's switch shows: the one being saved while its save runs, else the stored one. */
export function useSwitchValue(id: string, intent: string, field: string, saved: boolean) {
  const navigation = useNavigation();
  const pending = navigation.formData?.get("intent") === intent && navigation.formData.get("id") === id;
  return pending ? navigation.formData?.get(field) === "true" : saved;
}

export function SwitchForm({
  id,
  intent,
  field,
  on,
  className,
  children,
}: {
  id: string;
  intent: string;
  field: string;
  /** The value the switch shows; submitting asks for the other. */
  on: boolean;
  className: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name={field} value={String(!on)} />
      <button type="submit" name="intent" value={intent} className={className}>
        {children}
      </button>
    </Form>
  );
}
