// The visual editor of a long text (ADR 055): TipTap with the document model's blocks and marks
// (extensions.tsx), a toolbar, and small inline forms for a link and a YouTube video. Its own
// chunk, loaded by RichTextField (rich-text-field.tsx) only once an editor is on screen, in the
// browser: a `.client` module, so the server build holds none of it.
import type { Editor, JSONContent } from "@tiptap/core";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import {
  BetweenHorizontalEnd,
  BetweenVerticalEnd,
  Bold,
  Code,
  CodeXml,
  Grid2x2X,
  Heading2,
  Heading3,
  Heading4,
  Info,
  Italic,
  Link,
  List,
  ListOrdered,
  type LucideIcon,
  Minus,
  Quote,
  Redo2,
  SquarePlay,
  Strikethrough,
  Table,
  TableColumnsSplit,
  TableRowsSplit,
  TriangleAlert,
  Undo2,
  Unlink,
} from "lucide-react";
import { type KeyboardEvent, type ReactNode, useId, useMemo, useRef, useState } from "react";
import { ImagePickerButton } from "~/components/admin/media/image-picker";
import { articleBodyClass } from "~/components/blog/article-body";
import { useTranslation } from "~/i18n/react";
import {
  type CalloutTone,
  documentText,
  isAllowedHref,
  normalizeDocument,
  parseDocument,
  type RichDocument,
  serializeDocument,
} from "~/lib/rich-text/document";
import { youtubeVideoId } from "~/schemas/settings";
import { richTextExtensions } from "./extensions";
import { transformPastedHTML } from "./paste";

export interface RichTextEditorProps {
  /** The editable area's id (the field's). */
  id?: string;
  /** The id of the field's label, which names the editable area. */
  labelId: string;
  /** The ids of the hint and the error, when shown. */
  describedBy?: string;
  invalid?: boolean;
  /** The language the text is written in. */
  lang?: string;
  /** The stored body: a document's JSON, or "" (or, from before ADR 055, plain text). */
  initialValue: string;
  /** After each change: the editor's document as JSON. */
  onDocumentChange: (json: string) => void;
  /** At the start and after each change: the document's text. */
  onTextChange?: (text: string) => void;
}

/** The same typography as the public article (app/routes/site/blog-post.tsx, `.article-body`),
 * with the editor's own blocks: a picture, a callout, a video's placeholder, a selected node. */
export const EDITABLE_AREA_CLASS =
  // The page's own body styles (one list, app/components/blog/article-body.ts), then what only the
  // editor has: ProseMirror's <p> inside list items and cells, the selected cell and node, and
  // the video's placeholder.
  `article-body min-h-72 px-4 pt-1 pb-6 focus:outline-none ${articleBodyClass} ` +
  "[&_li>p]:mt-0 [&_td>p]:mt-0 [&_th>p]:mt-0 [&_th]:text-left [&_.selectedCell]:bg-blue-100 " +
  "[&_[data-youtube]]:mt-6 [&_[data-youtube]]:flex [&_[data-youtube]]:aspect-video [&_[data-youtube]]:items-center [&_[data-youtube]]:justify-center [&_[data-youtube]]:rounded-xl [&_[data-youtube]]:bg-slate-800 [&_[data-youtube]]:font-mono [&_[data-youtube]]:text-base [&_[data-youtube]]:text-white " +
  "[&_.ProseMirror-selectednode]:outline-2 [&_.ProseMirror-selectednode]:outline-offset-2 [&_.ProseMirror-selectednode]:outline-blue-600";

/** The document the editor starts from. A body that is not a document (text from before the
 * visual editor) keeps its words, a paragraph each; headings below H4, which the editor does
 * not offer, are shown and kept as H4. */
export function initialContent(value: string): JSONContent {
  const trimmed = value.trim();
  let document: RichDocument | undefined = parseDocument(trimmed);
  if (!document && trimmed) {
    document = {
      type: "doc",
      content: trimmed
        .split(/\n\s*\n/)
        .map((text) => text.trim())
        .filter(Boolean)
        .map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })),
    };
  }
  const clamp = (node: JSONContent): JSONContent => ({
    ...node,
    ...(node.type === "heading" && Number(node.attrs?.level) > 4
      ? { attrs: { ...node.attrs, level: 4 } }
      : {}),
    ...(node.content ? { content: node.content.map(clamp) } : {}),
  });
  const content = (document?.content ?? []) as JSONContent[];
  // ProseMirror's document holds at least one block.
  return { type: "doc", content: content.length ? content.map(clamp) : [{ type: "paragraph" }] };
}

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/** "Ctrl+B", "⌘B": a shortcut as this device's keyboard says it. */
function shortcutLabel(shortcut: string) {
  return isMac()
    ? shortcut.replace("Mod-", "⌘").replace("Shift-", "⇧").replace("Alt-", "⌥")
    : shortcut.replace("Mod-", "Ctrl+").replace("Shift-", "Shift+").replace("Alt-", "Alt+");
}

function ToolButton({
  icon: Icon,
  label,
  shortcut,
  pressed,
  disabled,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  shortcut?: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={shortcut ? `${label} (${shortcutLabel(shortcut)})` : label}
      aria-keyshortcuts={
        shortcut ? shortcut.replace("Mod-", isMac() ? "Meta+" : "Control+").replace("-", "+") : undefined
      }
      aria-pressed={pressed}
      disabled={disabled}
      // A click keeps the editor's selection (the button does not take it away first).
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="flex size-10 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-40 aria-pressed:bg-blue-100 aria-pressed:text-blue-800"
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}

function Separator() {
  return <span aria-hidden="true" className="mx-0.5 hidden h-6 w-px self-center bg-slate-200 sm:block" />;
}

/** A small form under the toolbar (not a <form>: it sits inside the post's form). */
function InlineForm({
  label,
  inputLabel,
  value,
  onValueChange,
  error,
  onSubmit,
  onCancel,
  children,
}: {
  label: string;
  inputLabel: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const id = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter") {
      // Enter would submit the post's form.
      event.preventDefault();
      onSubmit();
    } else if (event.key === "Escape") {
      event.preventDefault();
      onCancel();
    }
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <fieldset> inside the post's form would be read as one of its sections; this is the toolbar's panel
    <div role="group" aria-label={label} className="border-t border-slate-200 bg-slate-50 px-3 py-3">
      <label htmlFor={`${id}-input`} className="block text-sm font-medium text-slate-800">
        {inputLabel}
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id={`${id}-input`}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          // biome-ignore lint/a11y/noAutofocus: the form was opened to type in it
          autoFocus
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-h-10 min-w-0 flex-1 basis-56 rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 aria-[invalid=true]:border-red-600"
        />
        <div className="flex flex-wrap gap-2">{children}</div>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const panelButton =
  "min-h-10 rounded-md px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600";
const primaryButton = `${panelButton} bg-blue-700 text-white hover:bg-blue-800`;
const secondaryButton = `${panelButton} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`;

type Panel = { kind: "link" | "youtube"; value: string; error?: string };

/** An address typed without its scheme is a web address ("example.com/page") or a mail
 * address ("lan@example.com"). */
function completeAddress(value: string) {
  if (/^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/.test(value)) return `mailto:${value}`;
  return /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(:\d+)?([/?#]|$)/u.test(value) ? `https://${value}` : value;
}

function editableAttributes(
  props: Pick<RichTextEditorProps, "id" | "labelId" | "describedBy" | "invalid" | "lang">,
): Record<string, string> {
  const attributes: Record<string, string | undefined> = {
    id: props.id,
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": props.labelId,
    "aria-describedby": props.describedBy,
    "aria-invalid": props.invalid ? "true" : undefined,
    lang: props.lang,
    spellcheck: "true",
    class: EDITABLE_AREA_CLASS,
  };
  return Object.fromEntries(
    Object.entries(attributes).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

export function RichTextEditor(props: RichTextEditorProps) {
  const { t } = useTranslation("rich-text");
  const [panel, setPanel] = useState<Panel | undefined>(undefined);
  // The editor is made once; what it calls back reads the latest props and state through these.
  const latest = useRef({ props, openLink: () => {} });
  latest.current.props = props;

  // Made once (the editor keeps them); the attributes follow the props (an error after a post).
  const [setup] = useState(() => ({
    extensions: richTextExtensions({ openLinkForm: () => latest.current.openLink() }),
    content: initialContent(props.initialValue),
  }));
  const { id, labelId, describedBy, invalid, lang } = props;
  const editorProps = useMemo(
    () => ({
      attributes: editableAttributes({ id, labelId, describedBy, invalid, lang }),
      transformPastedHTML: (html: string) => transformPastedHTML(html),
    }),
    [id, labelId, describedBy, invalid, lang],
  );

  const editor = useEditor({
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    extensions: setup.extensions,
    content: setup.content,
    editorProps,
    onCreate: ({ editor }) => {
      const document = normalizeDocument(editor.getJSON());
      latest.current.props.onTextChange?.(document ? documentText(document) : "");
    },
    onUpdate: ({ editor }) => {
      // The stored form, not TipTap's (which carries attributes the server drops): smaller to post.
      const document = normalizeDocument(editor.getJSON());
      latest.current.props.onDocumentChange(document ? serializeDocument(document) : "");
      latest.current.props.onTextChange?.(document ? documentText(document) : "");
    },
  });

  const state = useEditorState({
    editor,
    selector: ({ editor }) => ({
      bold: editor.isActive("bold"),
      italic: editor.isActive("italic"),
      strike: editor.isActive("strike"),
      code: editor.isActive("code"),
      link: editor.isActive("link"),
      h2: editor.isActive("heading", { level: 2 }),
      h3: editor.isActive("heading", { level: 3 }),
      h4: editor.isActive("heading", { level: 4 }),
      bulletList: editor.isActive("bulletList"),
      orderedList: editor.isActive("orderedList"),
      blockquote: editor.isActive("blockquote"),
      codeBlock: editor.isActive("codeBlock"),
      callout: editor.isActive("callout"),
      calloutTone: (editor.getAttributes("callout").tone ?? "info") as CalloutTone,
      table: editor.isActive("table"),
      canMark: editor.can().toggleBold(),
      canUndo: editor.can().undo(),
      canRedo: editor.can().redo(),
    }),
  });

  const focusEditor = () => {
    editor.commands.focus();
  };
  const openLink = () => {
    setPanel({ kind: "link", value: String(editor.getAttributes("link").href ?? "") });
  };
  latest.current.openLink = openLink;
  const closePanel = () => {
    setPanel(undefined);
    focusEditor();
  };

  const applyLink = () => {
    if (!panel) return;
    const href = completeAddress(panel.value.trim());
    if (!isAllowedHref(href)) {
      setPanel({ ...panel, error: t("link.invalid") });
      return;
    }
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive("link")) {
      // Nothing selected: the address becomes the link's text.
      chain.insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] }).run();
    } else chain.extendMarkRange("link").setLink({ href }).run();
    setPanel(undefined);
  };
  const removeLink = () => {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    setPanel(undefined);
  };
  const insertVideo = () => {
    if (!panel) return;
    const videoId = youtubeVideoId(panel.value.trim());
    if (!videoId) {
      setPanel({ ...panel, error: t("youtube.invalid") });
      return;
    }
    editor.chain().focus().insertYouTube(videoId).run();
    setPanel(undefined);
  };

  const run = (command: (chain: ReturnType<Editor["chain"]>) => ReturnType<Editor["chain"]>) => () => {
    command(editor.chain().focus()).run();
  };

  // Arrow keys move along the toolbar too (Tab reaches every button as well).
  const onToolbarKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    // The image picker's dialog sits inside the toolbar; its buttons are not the toolbar's.
    const buttons = Array.from(
      event.currentTarget.querySelectorAll<HTMLButtonElement>("button:not(:disabled)"),
    ).filter((button) => !button.closest("dialog"));
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index === -1) return;
    event.preventDefault();
    const next =
      event.key === "Home"
        ? 0
        : event.key === "End"
          ? buttons.length - 1
          : (index + (event.key === "ArrowRight" ? 1 : -1) + buttons.length) % buttons.length;
    buttons[next]?.focus();
  };

  const tone = (value: CalloutTone) => run((chain) => chain.setCalloutTone(value));

  return (
    <div
      className={`rounded-lg border bg-white shadow-sm focus-within:border-blue-600 focus-within:ring-2 focus-within:ring-blue-600/30 ${props.invalid ? "border-red-600" : "border-slate-300"}`}
    >
      <div className="sticky top-0 z-10 rounded-t-lg border-b border-slate-200 bg-white">
        <div
          role="toolbar"
          aria-label={t("toolbar")}
          aria-controls={props.id}
          onKeyDown={onToolbarKeyDown}
          className="flex flex-wrap items-center gap-0.5 p-1"
        >
          <ToolButton
            icon={Undo2}
            label={t("undo")}
            shortcut="Mod-Z"
            disabled={!state.canUndo}
            onClick={run((c) => c.undo())}
          />
          <ToolButton
            icon={Redo2}
            label={t("redo")}
            shortcut="Mod-Shift-Z"
            disabled={!state.canRedo}
            onClick={run((c) => c.redo())}
          />
          <Separator />
          <ToolButton
            icon={Heading2}
            label={t("heading2")}
            shortcut="Mod-Alt-2"
            pressed={state.h2}
            onClick={run((c) => c.toggleHeading({ level: 2 }))}
          />
          <ToolButton
            icon={Heading3}
            label={t("heading3")}
            shortcut="Mod-Alt-3"
            pressed={state.h3}
            onClick={run((c) => c.toggleHeading({ level: 3 }))}
          />
          <ToolButton
            icon={Heading4}
            label={t("heading4")}
            shortcut="Mod-Alt-4"
            pressed={state.h4}
            onClick={run((c) => c.toggleHeading({ level: 4 }))}
          />
          <Separator />
          <ToolButton
            icon={Bold}
            label={t("bold")}
            shortcut="Mod-B"
            pressed={state.bold}
            disabled={!state.canMark}
            onClick={run((c) => c.toggleBold())}
          />
          <ToolButton
            icon={Italic}
            label={t("italic")}
            shortcut="Mod-I"
            pressed={state.italic}
            disabled={!state.canMark}
            onClick={run((c) => c.toggleItalic())}
          />
          <ToolButton
            icon={Strikethrough}
            label={t("strike")}
            shortcut="Mod-Shift-S"
            pressed={state.strike}
            disabled={!state.canMark}
            onClick={run((c) => c.toggleStrike())}
          />
          <ToolButton
            icon={Code}
            label={t("code")}
            shortcut="Mod-E"
            pressed={state.code}
            disabled={!state.canMark}
            onClick={run((c) => c.toggleCode())}
          />
          <ToolButton
            icon={Link}
            label={t("link.open")}
            shortcut="Mod-K"
            pressed={state.link}
            onClick={openLink}
          />
          <Separator />
          <ToolButton
            icon={List}
            label={t("bulletList")}
            shortcut="Mod-Shift-8"
            pressed={state.bulletList}
            onClick={run((c) => c.toggleBulletList())}
          />
          <ToolButton
            icon={ListOrdered}
            label={t("orderedList")}
            shortcut="Mod-Shift-7"
            pressed={state.orderedList}
            onClick={run((c) => c.toggleOrderedList())}
          />
          <ToolButton
            icon={Quote}
            label={t("blockquote")}
            shortcut="Mod-Shift-B"
            pressed={state.blockquote}
            onClick={run((c) => c.toggleBlockquote())}
          />
          <ToolButton
            icon={CodeXml}
            label={t("codeBlock")}
            shortcut="Mod-Alt-C"
            pressed={state.codeBlock}
            onClick={run((c) => c.toggleCodeBlock())}
          />
          <ToolButton
            icon={Info}
            label={t("callout.toggle")}
            pressed={state.callout}
            onClick={run((c) => c.toggleCallout("info"))}
          />
          <ToolButton icon={Minus} label={t("horizontalRule")} onClick={run((c) => c.setHorizontalRule())} />
          <Separator />
          <div className="[&>button]:min-h-10">
            <ImagePickerButton
              label={t("image.insert")}
              onPick={(image) => {
                editor.chain().insertImage({ src: image.url, alt: image.alt, caption: "" }).run();
                // The picker's dialog gives the focus back to its button as it closes: then the
                // text takes it, at the picture.
                setTimeout(() => {
                  if (!editor.isDestroyed) editor.commands.focus();
                }, 0);
              }}
            />
          </div>
          <ToolButton
            icon={Table}
            label={t("table.insert")}
            disabled={state.table}
            onClick={run((c) => c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }))}
          />
          <ToolButton
            icon={SquarePlay}
            label={t("youtube.open")}
            onClick={() => setPanel({ kind: "youtube", value: "" })}
          />
        </div>
        {(state.table || state.callout) && (
          <div
            role="toolbar"
            aria-label={state.table ? t("table.toolbar") : t("callout.toolbar")}
            onKeyDown={onToolbarKeyDown}
            className="flex flex-wrap items-center gap-0.5 border-t border-slate-200 p-1"
          >
            {state.table && (
              <>
                <ToolButton
                  icon={BetweenHorizontalEnd}
                  label={t("table.addRow")}
                  onClick={run((c) => c.addRowAfter())}
                />
                <ToolButton
                  icon={TableRowsSplit}
                  label={t("table.deleteRow")}
                  onClick={run((c) => c.deleteRow())}
                />
                <ToolButton
                  icon={BetweenVerticalEnd}
                  label={t("table.addColumn")}
                  onClick={run((c) => c.addColumnAfter())}
                />
                <ToolButton
                  icon={TableColumnsSplit}
                  label={t("table.deleteColumn")}
                  onClick={run((c) => c.deleteColumn())}
                />
                <ToolButton icon={Grid2x2X} label={t("table.delete")} onClick={run((c) => c.deleteTable())} />
              </>
            )}
            {state.table && state.callout && <Separator />}
            {state.callout && (
              <>
                <ToolButton
                  icon={Info}
                  label={t("callout.info")}
                  pressed={state.calloutTone === "info"}
                  onClick={tone("info")}
                />
                <ToolButton
                  icon={TriangleAlert}
                  label={t("callout.warning")}
                  pressed={state.calloutTone === "warning"}
                  onClick={tone("warning")}
                />
              </>
            )}
          </div>
        )}
        {panel?.kind === "link" && (
          <InlineForm
            label={t("link.open")}
            inputLabel={t("link.address")}
            value={panel.value}
            onValueChange={(value) => setPanel({ kind: "link", value })}
            error={panel.error}
            onSubmit={applyLink}
            onCancel={closePanel}
          >
            <button type="button" onClick={applyLink} className={primaryButton}>
              {t("link.apply")}
            </button>
            {state.link && (
              <button type="button" onClick={removeLink} className={secondaryButton}>
                <Unlink aria-hidden="true" className="mr-1.5 inline size-4 align-[-2px]" />
                {t("link.remove")}
              </button>
            )}
            <button type="button" onClick={closePanel} className={secondaryButton}>
              {t("cancel")}
            </button>
          </InlineForm>
        )}
        {panel?.kind === "youtube" && (
          <InlineForm
            label={t("youtube.open")}
            inputLabel={t("youtube.address")}
            value={panel.value}
            onValueChange={(value) => setPanel({ kind: "youtube", value })}
            error={panel.error}
            onSubmit={insertVideo}
            onCancel={closePanel}
          >
            <button type="button" onClick={insertVideo} className={primaryButton}>
              {t("youtube.insert")}
            </button>
            <button type="button" onClick={closePanel} className={secondaryButton}>
              {t("cancel")}
            </button>
          </InlineForm>
        )}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
