import { useEffect, useRef, useState, type MouseEvent } from "react";
import { t, type Lang } from "../lib/i18n";
import { markReady } from "../lib/ready";
import { useModal } from "../lib/dialog";
import { inRegion } from "../lib/href";
import { detectRegion, isRegional, onPickerOpenRequest, shouldDetect, storedRegion, storeRegion, storeRejection } from "../lib/regionChoice";
import type { PromptLabels } from "../lib/regionPrompt";
import type { PageRegion, RegionChoice } from "../gen/web";
import type { Location } from "../gen/region";
import "./RegionPicker.css";

export interface RegionPickerProps {
  lang: Lang;
  /** The page's region, shown on the button. */
  current: Pick<PageRegion, "slug" | "name">;
  /** Each region with the current page in it, computed by the server from the route table. */
  regions: RegionChoice[];
  /** promptLabels are the region prompt's texts, for the entry's prompt without React (lib/regionPrompt.ts). */
  promptLabels?: PromptLabels;
}

/** go navigates to path unless the visitor is already there. */
function go(path: string): boolean {
  if (path === window.location.pathname + window.location.search) return false;
  window.location.assign(path);
  return true;
}

/**
 * followStoredRegion, on a page without a region of its own, shows the
 * stored region and moves the page's links to regional pages into it.
 */
function followStoredRegion(region: RegionChoice, regions: RegionChoice[]) {
  const slugs = regions.map((r) => r.slug);
  for (const a of document.querySelectorAll<HTMLAnchorElement>("a[href^='/']")) {
    // Islands own their markup: changing it under them would break hydration.
    if (a.closest("[data-island]")) continue;
    const to = inRegion(a.getAttribute("href") ?? "", region.slug, slugs);
    if (to !== a.getAttribute("href")) a.setAttribute("href", to);
  }
}

/**
 * RegionPicker is the header's region button, the modal list of regions it
 * opens, and the region prompt (spec §4): with no stored region and no
 * recent rejection it asks /api/locations/detect and offers the answer.
 * Everything visitor-specific happens after hydration, so the server HTML is
 * the same for everyone.
 */
export default function RegionPicker({ lang, current, regions }: RegionPickerProps) {
  // A page without a region (a clinic or doctor card) has the same path in
  // every region: there the stored region is shown, and picking one stores
  // it and stays.
  const regional = isRegional(regions);
  const [shown, setShown] = useState<Pick<PageRegion, "slug" | "name">>(current);
  const [open, setOpen] = useState(false);
  const [prompt, setPrompt] = useState<Pick<Location, "slug" | "name"> | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const stored = regional ? undefined : regions.find((r) => r.slug === storedRegion());
    if (stored) {
      setShown(stored);
      followStoredRegion(stored, regions);
    }
    markReady(rootRef.current);
  }, [regional, regions]);

  // "Choose another" on the entry's prompt (lib/regionPrompt.ts) opens the list.
  useEffect(() => onPickerOpenRequest(() => setOpen(true)), []);

  useEffect(() => {
    // The entry already asks, without React (lib/regionPrompt.ts).
    if (!shouldDetect() || document.querySelector(".region-prompt[data-plain]")) return;
    let live = true;
    void detectRegion(lang).then((found) => {
      if (live && found && shouldDetect() && !document.querySelector(".region-prompt[data-plain]")) setPrompt(found);
    });
    return () => {
      live = false;
    };
  }, [lang]);

  const modalRef = useRef<HTMLDivElement>(null);
  // Focus in (the current region first: a selector list would find the
  // close button, which comes first in the document, else the first
  // region), Tab kept inside, Escape closes, focus back on the button.
  useModal(modalRef, open, () => setOpen(false), () => {
    const dialog = dialogRef.current;
    return {
      initial: dialog?.querySelector<HTMLElement>("a[aria-current='true']") ?? dialog?.querySelector<HTMLElement>("a, button"),
      returnTo: buttonRef.current,
    };
  });

  function close() {
    setOpen(false);
  }

  function confirm() {
    if (!prompt) return;
    storeRegion(prompt.slug);
    setPrompt(null);
    const target = regions.find((r) => r.slug === prompt.slug);
    if (target) go(target.path);
  }

  function decline() {
    storeRejection();
    setPrompt(null);
    setOpen(true);
  }

  function pick(e: MouseEvent<HTMLAnchorElement>, r: RegionChoice) {
    storeRegion(r.slug);
    e.preventDefault();
    if (go(r.path)) return;
    if (!regional) {
      setShown(r);
      followStoredRegion(r, regions);
    }
    close();
  }

  const titleId = "region-picker-title";
  return (
    <div ref={rootRef} className="region-picker">
      <button
        ref={buttonRef}
        type="button"
        className="region-picker__button"
        aria-haspopup="dialog"
        aria-expanded={open}
        title={t(lang, "region.choose")}
        onClick={() => setOpen(true)}
      >
        {shown.name}
      </button>
      {prompt && !open && (
        <div className="region-prompt" role="alertdialog" aria-live="polite" aria-label={t(lang, "region.choose")}>
          <p className="region-prompt__question">{t(lang, "region.prompt", { region: prompt.name })}</p>
          <div className="region-prompt__actions">
            <button type="button" className="button" onClick={confirm}>{t(lang, "region.confirm")}</button>
            <button type="button" className="button button--outline" onClick={decline}>{t(lang, "region.other")}</button>
          </div>
        </div>
      )}
      {open && (
        <div ref={modalRef} className="region-modal" onClick={(e) => e.target === e.currentTarget && close()}>
          <div ref={dialogRef} className="region-modal__dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
            <div className="region-modal__head">
              <h2 id={titleId} className="region-modal__title">{t(lang, "region.pickerTitle")}</h2>
              <button type="button" className="region-modal__close" aria-label={t(lang, "region.close")} onClick={close}>×</button>
            </div>
            {regions.length === 0 ? (
              <p className="region-modal__empty">{t(lang, "region.empty")}</p>
            ) : (
              <ul className="region-modal__list">
                {regions.map((r) => (
                  <li key={r.slug}>
                    <a
                      href={r.path}
                      data-region={r.slug}
                      aria-current={r.slug === shown.slug ? "true" : undefined}
                      onClick={(e) => pick(e, r)}
                    >
                      {r.name}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

// The server HTML is the button alone (closed, no prompt: both come after
// hydration), so it follows from the language and the current region; the
// regions' links differ on every page.
RegionPicker.htmlKey = ({ lang, current }: RegionPickerProps) => [lang, current.slug, current.name];
