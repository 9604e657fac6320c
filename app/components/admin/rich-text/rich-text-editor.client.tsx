// The visual editor of a long text (ADR 055): TipTap with the document model's blocks and marks
// (extensions.tsx), a toolbar, and small inline forms for a link and a YouTube video. Its own
// chunk, loaded by RichTextField (rich-text-field.tsx) only once an editor is on screen, in the
// browser: a `.client` module, so the server build holds none of it.
import type { Editor } from "@tiptap/core";
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
import { type KeyboardEvent, useMemo, useRef, useState } from "react";
import { ImagePickerButton } from "~/components/admin/media/image-picker";
import { useTranslation } from "~/i18n/react";
import {
  type CalloutTone,
  documentText,
  isAllowedHref,
  normalizeDocument,
  serializeDocument,
} from "~/lib/rich-text/document";
import { youtubeVideoId } from "~/schemas/settings";
import { editableAttributes, initialContent } from "./editor-setup";
import { richTextExtensions } from "./extensions";
import { completeAddress, InlineForm, type Panel, primaryButton, secondaryButton } from "./inline-form";
import { transformPastedHTML } from "./paste";
import { Separator, ToolButton } from "./toolbar-button";

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
