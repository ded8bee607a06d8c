// Modal dialogs and sheets that work from the keyboard (issue 34 item 2):
// focus moves into the dialog when it opens, Tab and Shift+Tab stay inside
// it, the rest of the page is inert (no Tab stop, hidden from screen
// readers, as a native <dialog>'s showModal makes it), Escape closes it, and
// focus returns to what opened it. The booking dialog, the region picker
// and the phone menu use it.
import { useEffect, useRef, type RefObject } from "react";

const focusable = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** tabStops are el's elements reachable by Tab, in order. */
function tabStops(el: HTMLElement): HTMLElement[] {
  return [...el.querySelectorAll<HTMLElement>(focusable)].filter((e) => !e.closest("[hidden], [inert]") && e.getClientRects().length > 0);
}

/** isLive says whether el announces changes (a toast region): it stays out of inert. */
function isLive(el: Element): boolean {
  return el.hasAttribute("aria-live") || ["status", "alert", "log"].includes(el.getAttribute("role") ?? "") || !!el.querySelector("[aria-live]");
}

/**
 * makeInert makes everything outside the open elements inert (each branch
 * of <body> holding none of them, live regions excepted) and returns the
 * undo.
 */
function makeInert(open: HTMLElement[]): () => void {
  const changed: HTMLElement[] = [];
  const walk = (parent: Element) => {
    for (const child of parent.children) {
      if (!(child instanceof HTMLElement) || open.includes(child) || child.tagName === "SCRIPT") continue;
      if (open.some((o) => child.contains(o))) walk(child);
      else if (!child.inert && !isLive(child)) {
        child.inert = true;
        changed.push(child);
      }
    }
  };
  walk(document.body);
  return () => changed.forEach((e) => (e.inert = false));
}

export interface ModalOptions {
  /** initial gets the focus when the dialog opens; by default the dialog itself (tabindex -1), so a screen reader reads its name first. */
  initial?: HTMLElement | null;
  /** returnTo gets the focus back when it closes; by default what had it when it opened. */
  returnTo?: HTMLElement | null;
  /** restore finds where focus goes back when returnTo has left the page (a list drawn again). */
  restore?: () => HTMLElement | null | undefined;
  /** keep stay usable beside the dialog (the burger that closes the phone menu). */
  keep?: HTMLElement[];
}

/**
 * openModal makes el a modal dialog until the returned function is called:
 * focus in, page inert, Tab kept inside, Escape calls onEscape. The
 * returned function undoes it all and returns focus.
 */
export function openModal(el: HTMLElement, onEscape: () => void, o: ModalOptions = {}): () => void {
  const opener = o.returnTo ?? (document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null);
  const keep = o.keep ?? [];
  const undoInert = makeInert([el, ...keep]);
  if (!o.initial && !el.hasAttribute("tabindex")) el.tabIndex = -1;
  (o.initial ?? el).focus();
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      onEscape();
      return;
    }
    if (e.key !== "Tab") return;
    const stops = [...keep, ...tabStops(el)].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    if (stops.length === 0) {
      e.preventDefault();
      el.focus();
      return;
    }
    const first = stops[0];
    const last = stops[stops.length - 1];
    const active = document.activeElement;
    const inside = active instanceof Node && (el.contains(active) || keep.some((k) => k.contains(active)));
    if (e.shiftKey && (active === first || active === el || !inside)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (active === last || !inside)) {
      e.preventDefault();
      first.focus();
    }
  };
  // Focus that leaves anyway (a click on the backdrop, a script) is brought back.
  const onFocus = (e: FocusEvent) => {
    const t = e.target;
    if (t instanceof Node && !el.contains(t) && !keep.some((k) => k.contains(t))) (tabStops(el)[0] ?? el).focus();
  };
  document.addEventListener("keydown", onKey, true);
  document.addEventListener("focusin", onFocus);
  return () => {
    document.removeEventListener("keydown", onKey, true);
    document.removeEventListener("focusin", onFocus);
    undoInert();
    const back = opener?.isConnected ? opener : o.restore?.();
    back?.focus();
  };
}

/**
 * useModal runs openModal on ref's element while open is true; onEscape
 * may change between renders (the latest one is called).
 */
export function useModal(ref: RefObject<HTMLElement | null>, open: boolean, onEscape: () => void, o?: () => ModalOptions): void {
  const escape = useRef(onEscape);
  escape.current = onEscape;
  const options = useRef(o);
  options.current = o;
  useEffect(() => {
    const el = ref.current;
    if (!open || !el) return;
    return openModal(el, () => escape.current(), options.current?.() ?? {});
  }, [open, ref]);
}
