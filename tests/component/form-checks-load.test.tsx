// A form's checks load after the page (ADR 058). A submit in the moment before the schema has
// arrived waits for it and is then checked like any other: nothing unchecked goes out, and the
// translated message shows. If the schema cannot load, the submit goes out unchecked, as without
// JavaScript (the action's answer then shows the errors). The public forms pass their schema's
// import, so these are the public pages' forms.
import { getFormProps } from "@conform-to/react";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { TextField } from "~/components/forms/fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { ContactForm } from "~/components/site/contact-form";
import { languages } from "~/i18n/language";
import { i18n } from "~/i18n/resources.server";
import { newsletterSubscribeSchema } from "~/schemas/newsletter";
import { rawKeysIn, renderOnPage } from "./render";

/** A schema whose import the test ends when it wants, arriving or failing. */
function schemaArrivingLater() {
  let arrive!: () => void;
  let fail!: () => void;
  const arrived = new Promise<typeof newsletterSubscribeSchema>((resolve, reject) => {
    arrive = () => resolve(newsletterSubscribeSchema);
    fail = () => reject(new Error("offline"));
  });
  const asked = { times: 0 };
  const load = () => {
    asked.times++;
    return arrived;
  };
  return { load, asked, arrive, fail };
}

/** A form over the schema's import, recording what its onSubmit was given. */
function FormOver({
  load,
  sent,
}: {
  load: () => Promise<typeof newsletterSubscribeSchema>;
  sent: unknown[];
}) {
  const [form, fields] = useAppForm(load, {
    id: "later",
    lastResult: undefined,
    shouldValidate: "onBlur",
    onSubmit(event, { submission }) {
      // happy-dom has no page to send it to.
      event.preventDefault();
      sent.push(submission);
    },
  });
  return (
    <form method="post" {...getFormProps(form)}>
      <TextField label="Email" field={fields.email} />
      <button type="submit">Gửi</button>
    </form>
  );
}

describe("a form whose checks load after the page", () => {
  it("nothing is loaded for a form no one uses; the first focus in it asks for its checks", async () => {
    const later = schemaArrivingLater();
    await renderOnPage(<FormOver load={later.load} sent={[]} />);
    await act(async () => {});
    expect(later.asked.times).toBe(0);
    fireEvent.focusIn(screen.getByLabelText("Email"));
    await waitFor(() => expect(later.asked.times).toBe(1));
  });

  it("a submit before the schema has arrived waits for it, and is then checked", async () => {
    const later = schemaArrivingLater();
    const sent: unknown[] = [];
    await renderOnPage(<FormOver load={later.load} sent={sent} />);
    const email = screen.getByLabelText("Email");
    fireEvent.change(email, { target: { value: "not an address" } });
    fireEvent.click(screen.getByRole("button", { name: "Gửi" }));
    expect(sent).toEqual([]);

    await act(async () => later.arrive());
    // The waiting submit, checked: the value is refused with the translated message, not sent.
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"), { timeout: 5_000 });
    expect(screen.getByText(i18n.withLanguage("vi").t("common:validation.email"))).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(email, { target: { value: "lan@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Gửi" }));
    expect(sent).toEqual([
      expect.objectContaining({ status: "success", value: { email: "lan@example.com" } }),
    ]);
  });

  it("a second click once the schema is in sends the form once, not again for the waiting submit", async () => {
    // The waiting submit goes again in a task of its own (a form ignores a submit asked for while
    // it is still dispatching one). That task is held here, so that the visitor's second click
    // comes before it, whatever else the machine is doing.
    const later = schemaArrivingLater();
    const sent: unknown[] = [];
    await renderOnPage(<FormOver load={later.load} sent={sent} />);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      fireEvent.change(screen.getByLabelText("Email"), { target: { value: "lan@example.com" } });
      fireEvent.click(screen.getByRole("button", { name: "Gửi" }));
      await act(async () => later.arrive());
      // The checks are in and the waiting submit is due (React's own work is not on timers).
      for (let turn = 0; turn < 100 && vi.getTimerCount() === 0; turn++)
        await act(() => new Promise((resolve) => setImmediate(resolve)));
      expect(vi.getTimerCount()).toBe(1);
      expect(sent).toEqual([]);
      fireEvent.click(screen.getByRole("button", { name: "Gửi" }));
      await act(async () => vi.runAllTimers());
      expect(sent).toEqual([
        expect.objectContaining({ status: "success", value: { email: "lan@example.com" } }),
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a field checked on leaving it, before the schema has arrived, does not send the form", async () => {
    const later = schemaArrivingLater();
    const sent: unknown[] = [];
    const submits: boolean[] = [];
    const onSubmitEvent = (event: Event) => submits.push(event.defaultPrevented);
    window.addEventListener("submit", onSubmitEvent);
    try {
      await renderOnPage(<FormOver load={later.load} sent={sent} />);
      const email = screen.getByLabelText("Email");
      fireEvent.change(email, { target: { value: "not an address" } });
      fireEvent.focusOut(email);
      // Conform asks for the field's check with a submit of its own: it must not go out.
      await waitFor(() => expect(submits.length).toBeGreaterThan(0));
      expect(submits.every((prevented) => prevented)).toBe(true);
      expect(email.getAttribute("aria-invalid")).not.toBe("true");
      expect(sent).toEqual([]);
    } finally {
      window.removeEventListener("submit", onSubmitEvent);
    }
  });

  it("a schema that cannot load leaves the checking to the server: the waiting submit goes out unchecked", async () => {
    const later = schemaArrivingLater();
    const sent: unknown[] = [];
    await renderOnPage(<FormOver load={later.load} sent={sent} />);
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "not an address" } });
    fireEvent.click(screen.getByRole("button", { name: "Gửi" }));
    expect(sent).toEqual([]);
    await act(async () => later.fail());
    await waitFor(() => expect(sent).toEqual([undefined]));
  });

  for (const language of languages) {
    it(`the contact form, in ${language}, checks its fields with its own schema, loaded by the first submit`, async () => {
      const { page } = await renderOnPage(
        <ContactForm lastResult={undefined} ticket={{ minimumFillMs: 0 }} onSent={() => {}} />,
        { language },
      );
      const translator = i18n.withLanguage(language);
      const t = translator.t.bind(translator);
      const submit = screen.getByRole("button", { name: t("contact:form.submit") });
      // The first submit asks for the checks, waits for the schema's import, and is then checked:
      // the empty fields are named, without a second click.
      fireEvent.click(submit);
      await waitFor(
        () => expect(screen.getAllByText(t("common:validation.required")).length).toBeGreaterThan(0),
        {
          timeout: 5_000,
        },
      );
      expect(rawKeysIn(page.textContent ?? "")).toEqual([]);
    });
  }
});
