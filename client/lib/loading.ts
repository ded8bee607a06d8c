// The loading indicator: a thin bar in limits.loadingColor while the next
// page loads; the page loading flags (SPEC §4) on <html>:
// data-first-loading, set by the server, until the first page has finished
// loading, and data-locale-changing from a language switch until loading
// ends; and, for browsers without Speculation Rules (lib/speculation.ts),
// hover prefetching of same-site links (at most limits.prefetchConcurrency
// at once; never a private page) so that navigation feels instant.
import limits from "../../shared/limits.json";
import { isPrivate } from "./pageType";

const root = document.documentElement;

/** LoadingFlags are the page loading flags of SPEC §4. */
export interface LoadingFlags {
  firstLoading: boolean;
  localeChanging: boolean;
}

/** loadingFlags reads the flags from <html>. */
export function loadingFlags(): LoadingFlags {
  return { firstLoading: root.dataset.firstLoading !== undefined, localeChanging: root.dataset.localeChanging !== undefined };
}

/** finished ends a page's loading: the bar goes, and both flags clear. */
function finished(): void {
  root.classList.remove("is-loading");
  delete root.dataset.firstLoading;
  delete root.dataset.localeChanging;
}

function isPlainNavigation(e: MouseEvent, a: HTMLAnchorElement): boolean {
  return (
    e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey &&
    a.origin === location.origin && !a.hasAttribute("download") && a.target !== "_blank" &&
    !(a.pathname === location.pathname && a.search === location.search)
  );
}

document.addEventListener("click", (e) => {
  const a = (e.target as Element | null)?.closest?.("a");
  if (!(a instanceof HTMLAnchorElement) || !isPlainNavigation(e, a)) return;
  root.classList.add("is-loading");
  // The language switcher's links name their language (hreflang).
  if (a.hreflang && a.hreflang !== root.lang) root.dataset.localeChanging = "";
});
// pageshow: the first load, and a page restored from the back-forward cache.
window.addEventListener("pageshow", finished);
// This module loads asynchronously: the first page may have finished already.
if (document.readyState === "complete") finished();

const prefetched = new Set<string>();
let inFlight = 0;
const queue: string[] = [];

function pump(): void {
  while (inFlight < limits.prefetchConcurrency && queue.length) {
    const url = queue.shift()!;
    inFlight++;
    fetch(url, { credentials: "same-origin", priority: "low" } as RequestInit)
      .catch(() => undefined)
      .finally(() => {
        inFlight--;
        pump();
      });
  }
}

/** speculates says whether the browser runs the document's Speculation Rules, which then preload. */
const speculates = typeof HTMLScriptElement.supports === "function" && HTMLScriptElement.supports("speculationrules");

function prefetchOnHover(e: PointerEvent): void {
  const a = (e.target as Element | null)?.closest?.("a");
  if (!(a instanceof HTMLAnchorElement) || a.origin !== location.origin || a.hasAttribute("data-no-prefetch")) return;
  const url = a.pathname + a.search;
  if (prefetched.has(url) || url === location.pathname + location.search || isPrivate(url) || /^\/(api|cert)\//.test(a.pathname)) return;
  prefetched.add(url);
  queue.push(url);
  pump();
}

if (!speculates) document.addEventListener("pointerover", prefetchOnHover);
