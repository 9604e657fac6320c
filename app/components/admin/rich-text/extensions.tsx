// The visual editor's schema (ADR 055): StarterKit's blocks and marks restricted to those of the
// document model (app/lib/rich-text/document.ts), and the model's own blocks — picture, callout,
// table, YouTube video — as TipTap nodes. Each node reads the HTML the server writes for it
// (render.server.ts), so an article copied from the site and pasted back in keeps its blocks,
// and writes the same HTML when copied out of the editor. Loaded with the editor only (the
// TipTap chunk), never on a public page.
import { Extension, mergeAttributes, Node } from "@tiptap/core";
import { TableCell, TableHeader, TableKit } from "@tiptap/extension-table";
import { NodeViewWrapper, type ReactNodeViewProps, ReactNodeViewRenderer } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "~/i18n/react";
import {
  ALT_MAX_LENGTH,
  CALLOUT_TONES,
  CAPTION_MAX_LENGTH,
  type CalloutTone,
  CELL_ALIGNS,
  type CellAlign,
  isAllowedHref,
  isAllowedImageSrc,
  YOUTUBE_ID,
} from "~/lib/rich-text/document";
import { imageForWidth } from "~/lib/uploads";
import { youtubeVideoId } from "~/schemas/settings";

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    callout: {
      /** Wraps the selected blocks in a callout, or lifts them out of one. */
      toggleCallout: (tone?: CalloutTone) => ReturnType;
      /** The tone of the callout around the selection. */
      setCalloutTone: (tone: CalloutTone) => ReturnType;
    };
    youtube: {
      insertYouTube: (videoId: string) => ReturnType;
    };
    image: {
      insertImage: (attributes: { src: string; alt: string; caption: string }) => ReturnType;
    };
  }
}

/* ---------------------------------------------------------------- picture */

const imageElement = (element: HTMLElement) =>
  element.tagName === "IMG" ? element : element.querySelector("img");

function ImageView({ node, updateAttributes, deleteNode, selected }: ReactNodeViewProps) {
  const { t } = useTranslation("rich-text");
  const id = useId();
  const src = String(node.attrs.src ?? "");
  const alt = String(node.attrs.alt ?? "");
  const caption = String(node.attrs.caption ?? "");
  // The inputs show what is typed at once; the node follows (and an undo comes back here).
  const [shown, setShown] = useState({ alt, caption });
  useEffect(() => {
    setShown((current) => (current.alt === alt && current.caption === caption ? current : { alt, caption }));
  }, [alt, caption]);
  const change = (name: "alt" | "caption", value: string) => {
    setShown((current) => ({ ...current, [name]: value }));
    updateAttributes({ [name]: value });
  };
  const input =
    "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2.5 py-2 text-base not-italic text-slate-900 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30";
  // Enter in these inputs would submit the post's form.
  const noSubmit = (event: React.KeyboardEvent) => {
    if (event.key === "Enter") event.preventDefault();
  };
  return (
    <NodeViewWrapper
      as="figure"
      data-image-node=""
      className={`relative mt-6 rounded-xl p-2 ${selected ? "ring-2 ring-blue-600" : "ring-1 ring-slate-200"}`}
    >
      <img src={imageForWidth(src, 1200)} alt={shown.alt} className="mt-0! w-full rounded-lg" />
      <div
        className="mt-2 grid gap-2 text-sm font-medium text-slate-700 sm:grid-cols-2"
        contentEditable={false}
      >
        {(["alt", "caption"] as const).map((name) => (
          <label key={name} htmlFor={`${id}-${name}`}>
            {t(`image.${name}`)}
            <input
              id={`${id}-${name}`}
              type="text"
              value={shown[name]}
              maxLength={name === "alt" ? ALT_MAX_LENGTH : CAPTION_MAX_LENGTH}
              onChange={(event) => change(name, event.target.value)}
              onKeyDown={noSubmit}
              className={input}
            />
          </label>
        ))}
      </div>
      <button
        type="button"
        onClick={deleteNode}
        aria-label={t("image.remove")}
        title={t("image.remove")}
        className="absolute top-3 right-3 flex size-10 items-center justify-center rounded-full bg-white/95 text-slate-800 shadow ring-1 ring-slate-300 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </NodeViewWrapper>
  );
}

/** A picture with its alt text and caption: `<figure><img alt><figcaption>` (or a bare <img>). */
export const ImageNode = Node.create({
  name: "image",
  group: "block",
  atom: true,
  selectable: true,
  draggable: false,
  addAttributes() {
    return {
      src: {
        default: "",
        rendered: false,
        parseHTML: (element) => imageElement(element)?.getAttribute("src")?.trim() ?? null,
      },
      alt: {
        default: "",
        rendered: false,
        parseHTML: (element) => imageElement(element)?.getAttribute("alt") ?? "",
      },
      caption: {
        default: "",
        rendered: false,
        parseHTML: (element) =>
          element.tagName === "FIGURE" ? (element.querySelector("figcaption")?.textContent ?? "").trim() : "",
      },
    };
  },
  parseHTML() {
    // A picture from elsewhere than our uploads or the web (data:, file:, a relative path) is
    // not kept: the page could not show it.
    const allowed = (element: HTMLElement) =>
      isAllowedImageSrc(imageElement(element)?.getAttribute("src")?.trim() ?? "") ? null : false;
    return [
      { tag: "figure", getAttrs: allowed },
      { tag: "img[src]", getAttrs: allowed },
    ];
  },
  renderHTML({ node }) {
    const image = ["img", { src: node.attrs.src, alt: node.attrs.alt }] as const;
    return node.attrs.caption
      ? ["figure", {}, image, ["figcaption", {}, node.attrs.caption]]
      : ["figure", {}, image];
  },
  renderText({ node }) {
    return node.attrs.caption;
  },
  addNodeView() {
    return ReactNodeViewRenderer(ImageView);
  },
  addCommands() {
    return {
      insertImage:
        (attributes) =>
        ({ commands }) =>
          isAllowedImageSrc(attributes.src) && commands.insertContent({ type: this.name, attrs: attributes }),
    };
  },
});

/* ---------------------------------------------------------------- callout */

/** A highlighted box: `<div class="callout callout-info" role="note">`, in two tones. */
export const CalloutNode = Node.create({
  name: "callout",
  group: "block",
  content: "block+",
  defining: true,
  addAttributes() {
    return {
      tone: {
        default: "info",
        rendered: false,
        parseHTML: (element) => (element.classList.contains("callout-warning") ? "warning" : "info"),
      },
    };
  },
  parseHTML() {
    return [{ tag: "div.callout" }];
  },
  renderHTML({ node, HTMLAttributes }) {
    const tone = CALLOUT_TONES.includes(node.attrs.tone) ? node.attrs.tone : "info";
    return ["div", mergeAttributes(HTMLAttributes, { class: `callout callout-${tone}`, role: "note" }), 0];
  },
  addCommands() {
    return {
      toggleCallout:
        (tone = "info") =>
        ({ commands }) =>
          commands.toggleWrap(this.name, { tone }),
      setCalloutTone:
        (tone) =>
        ({ commands }) =>
          commands.updateAttributes(this.name, { tone }),
    };
  },
});

/* ---------------------------------------------------------------- YouTube */

/** A YouTube video: `<div data-youtube="ID">`, shown in the editor as a box naming it; an
 * embed code's <iframe> pasted in becomes one too. */
export const YouTubeNode = Node.create({
  name: "youtube",
  group: "block",
  atom: true,
  selectable: true,
  draggable: false,
  addAttributes() {
    return {
      videoId: {
        default: "",
        rendered: false,
        parseHTML: (element) =>
          element.tagName === "IFRAME"
            ? (youtubeVideoId(element.getAttribute("src") ?? "") ?? null)
            : element.getAttribute("data-youtube"),
      },
    };
  },
  parseHTML() {
    return [
      {
        tag: "div[data-youtube]",
        getAttrs: (element) => (YOUTUBE_ID.test(element.getAttribute("data-youtube") ?? "") ? null : false),
      },
      {
        tag: "iframe[src]",
        getAttrs: (element) => (youtubeVideoId(element.getAttribute("src") ?? "") ? null : false),
      },
    ];
  },
  renderHTML({ node }) {
    return ["div", { "data-youtube": node.attrs.videoId }, `YouTube: ${node.attrs.videoId}`];
  },
  addCommands() {
    return {
      insertYouTube:
        (videoId) =>
        ({ commands }) =>
          YOUTUBE_ID.test(videoId) && commands.insertContent({ type: this.name, attrs: { videoId } }),
    };
  },
});

/* ---------------------------------------------------------------- tables */

const cellAlign = (value: string | null | undefined): CellAlign | null => {
  const align = (value ?? "").trim().toLowerCase();
  return CELL_ALIGNS.includes(align as CellAlign) ? (align as CellAlign) : null;
};

/** A cell's alignment, read from `align="…"` (the server's form) or `style="text-align:…"`,
 * written as the server writes it. */
const alignAttribute = {
  default: null,
  parseHTML: (element: HTMLElement) => cellAlign(element.getAttribute("align") || element.style.textAlign),
  renderHTML: (attributes: Record<string, unknown>) => {
    const align = cellAlign(attributes.align as string | null);
    return align ? { align } : {};
  },
};

// A cell holds paragraphs, as the document's cells do (document.ts keeps nothing else).
const Cell = TableCell.extend({
  content: "paragraph+",
  addAttributes() {
    return { ...this.parent?.(), align: alignAttribute };
  },
});
const HeaderCell = TableHeader.extend({
  content: "paragraph+",
  addAttributes() {
    return { ...this.parent?.(), align: alignAttribute };
  },
});

/* ---------------------------------------------------------------- the whole set */

/** Mod-K opens the link form (the editor's React part shows it). */
const LinkShortcut = Extension.create<{ open: () => void }>({
  name: "linkShortcut",
  addOptions() {
    return { open: () => {} };
  },
  addKeyboardShortcuts() {
    return {
      "Mod-k": () => {
        this.options.open();
        return true;
      },
    };
  },
});

export function richTextExtensions({ openLinkForm }: { openLinkForm: () => void }) {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4] },
      underline: false,
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: "https",
        // The document's rule (no javascript:, data: or "//elsewhere"), for what is typed, pasted
        // or set alike.
        isAllowedUri: (url) => isAllowedHref(url),
        HTMLAttributes: { target: null, rel: "noopener noreferrer nofollow" },
      },
    }),
    ImageNode,
    CalloutNode,
    YouTubeNode,
    TableKit.configure({
      table: { resizable: false },
      tableCell: false,
      tableHeader: false,
    }),
    Cell,
    HeaderCell,
    LinkShortcut.configure({ open: openLinkForm }),
  ];
}
