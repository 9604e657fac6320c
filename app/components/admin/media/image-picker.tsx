// "Chọn từ thư viện" (ADR 054): a small in-page dialog over the media library's JSON list, for an
// image field or the post editor. A native modal <dialog> (focus kept inside, Escape closes,
// focus back on the button); each image is a button, so a keyboard picks as a mouse does. It is
// shown once hydrated only: without JavaScript the field's address and upload stay.
import { Images, Loader2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useTranslation } from "~/i18n/react";
import { MEDIA_PICKER_PATH } from "~/lib/media";
import { imageForWidth } from "~/lib/uploads";

export interface PickedImage {
  id: string;
  url: string;
  name: string;
  alt: string;
}

interface PickerPage {
  images: PickedImage[];
  total: number;
  pageSize: number;
}

export function ImagePickerButton({
  onPick,
  label,
}: {
  onPick: (image: PickedImage) => void;
  label?: string;
}) {
  const hydrated = useHydrated();
  const { t } = useTranslation("admin-media");
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const [images, setImages] = useState<PickedImage[]>([]);
  const [total, setTotal] = useState(0);
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setState("loading");
    // A short pause while typing, so each keystroke is not a request.
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ page: String(page) });
      if (q.trim()) params.set("q", q.trim());
      fetch(`${MEDIA_PICKER_PATH}?${params}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<PickerPage>) : Promise.reject()))
        .then((answer) => {
          setImages((shown) => (page === 1 ? answer.images : [...shown, ...answer.images]));
          setTotal(answer.total);
          setState("idle");
        })
        .catch(() => {
          if (!controller.signal.aborted) setState("failed");
        });
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, q, page]);

  if (!hydrated) return null;

  const show = () => {
    setOpen(true);
    setPage(1);
    dialog.current?.showModal();
  };
  const close = () => {
    dialog.current?.close();
  };
  return (
    <>
      <button
        type="button"
        onClick={show}
        className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        <Images aria-hidden="true" className="size-4" />
        {label ?? t("picker.open")}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onClose={() => setOpen(false)}
        className="fixed inset-0 z-50 m-auto max-h-[85vh] w-[calc(100%-1.5rem)] max-w-3xl overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl backdrop:bg-slate-900/50"
      >
        <div className="mb-4 flex items-center justify-between gap-3">
          <h2 id={titleId} className="text-lg font-bold text-slate-900">
            {t("picker.title")}
          </h2>
          <button
            type="button"
            onClick={close}
            className="rounded-md px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100"
          >
            {t("picker.close")}
          </button>
        </div>
        <label className="mb-4 block text-sm font-medium text-slate-800">
          {t("picker.search")}
          <input
            type="search"
            value={q}
            maxLength={100}
            onChange={(event) => {
              setQ(event.target.value);
              setPage(1);
            }}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
        {state === "failed" && (
          <p role="alert" className="text-red-700">
            {t("picker.failed")}
          </p>
        )}
        {state !== "loading" && images.length === 0 && state !== "failed" && (
          <p className="text-slate-600">{t("picker.empty")}</p>
        )}
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {images.map((image) => (
            <li key={image.id}>
              <button
                type="button"
                aria-label={t("picker.choose", { name: image.alt || image.name })}
                onClick={() => {
                  onPick(image);
                  close();
                }}
                className="block w-full overflow-hidden rounded-lg ring-1 ring-slate-200 hover:ring-blue-600 focus-visible:outline-2 focus-visible:outline-blue-600"
              >
                <img
                  src={imageForWidth(image.url, 240)}
                  alt=""
                  loading="lazy"
                  className="aspect-[3/2] w-full bg-slate-100 object-cover"
                />
                <span className="block truncate px-2 py-1 text-left text-xs text-slate-700">
                  {image.name}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <div aria-live="polite" className="mt-3 flex justify-center">
          {state === "loading" ? (
            <span className="inline-flex items-center gap-2 text-slate-600">
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
              {t("picker.loading")}
            </span>
          ) : (
            images.length < total && (
              <button
                type="button"
                onClick={() => setPage((current) => current + 1)}
                className="rounded-lg border border-slate-300 px-3 py-2 text-sm hover:bg-slate-50"
              >
                {t("picker.more")}
              </button>
            )
          )}
        </div>
      </dialog>
    </>
  );
}
