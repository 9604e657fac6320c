// A long text written in the visual editor (ADR 055), as a form field: a label, the editor, a
// hint and the field's errors, and a hidden input that always holds the document as JSON (what
// the form posts; app/schemas/rich-text.ts reads it). The editor — TipTap, the largest script of
// the admin — is its own chunk, fetched once a field is on screen after hydration; the server
// and the first paint show a short note in its frame instead, and no public page loads it.
import { Component, lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from "react";
import type { FieldBinding } from "~/components/forms/fields";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useTranslation } from "~/i18n/react";

const RichTextEditor = lazy(() =>
  import("./rich-text-editor.client").then((module) => ({ default: module.RichTextEditor })),
);

export interface RichTextFieldProps {
  /** Conform's field metadata: id, name, key, errors (i18n keys) and the stored body. */
  field: FieldBinding;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  /** The language the body is written in (a translation's), set on the editable area. */
  lang?: string;
  /** The document's text after each change (and once loaded): for a live read time. */
  onTextChange?: (text: string) => void;
}

/** The editor's frame while its script loads (and on the server): the same box, a short note. */
function Frame({ children, invalid }: { children: ReactNode; invalid: boolean }) {
  return (
    <div
      className={`flex min-h-80 items-start rounded-lg border bg-white px-4 py-14 text-slate-600 shadow-sm ${invalid ? "border-red-600" : "border-slate-300"}`}
    >
      <p>{children}</p>
    </div>
  );
}

/** A chunk that does not arrive (offline, a deploy in between) leaves the note, not a broken
 * page; the hidden input keeps the body as it was. */
class EditorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function RichTextField(props: RichTextFieldProps) {
  // A form reset (Conform changes the field's key) starts the field afresh, its value included.
  return <Field key={props.field.key} {...props} />;
}

function Field({ field, label, hint, required, lang, onTextChange }: RichTextFieldProps) {
  const hydrated = useHydrated();
  const { t } = useTranslation("rich-text");
  const { t: tc } = useTranslation();
  const generated = useId();
  const hidden = useRef<HTMLInputElement>(null);
  const id = field.id ?? generated;
  const labelId = `${id}-label`;
  const errors = field.errors;
  const invalid = Boolean(errors?.length);
  const describedBy =
    [hint ? `${id}-hint` : "", invalid ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const initial = typeof field.initialValue === "string" ? field.initialValue : "";

  // The posted value is React's state, not a value written into the DOM: a hidden input's value
  // is its `defaultValue` too, so React would put the stored body back on the next render.
  const [value, setValue] = useState(initial);
  useEffect(() => {
    if (value === initial) return;
    // As typing in any other field does: the form library sees the new value (and clears an
    // error it showed once the body is valid).
    hidden.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [value, initial]);

  return (
    <div className="space-y-1.5">
      {/* Not a <label for>: the editable area is no form control; it names itself with this. */}
      <div id={labelId} className="block text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </div>
      <input ref={hidden} type="hidden" name={field.name} value={value} />
      {hydrated ? (
        <EditorBoundary fallback={<Frame invalid={invalid}>{t("loadFailed")}</Frame>}>
          <Suspense fallback={<Frame invalid={invalid}>{t("loading")}</Frame>}>
            <RichTextEditor
              id={id}
              labelId={labelId}
              describedBy={describedBy}
              invalid={invalid}
              lang={lang}
              initialValue={initial}
              onDocumentChange={setValue}
              onTextChange={onTextChange}
            />
          </Suspense>
        </EditorBoundary>
      ) : (
        <Frame invalid={invalid}>{t("loading")}</Frame>
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {invalid && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {errors?.map((error) => tc(error)).join(" ")}
        </p>
      )}
    </div>
  );
}
