// The loading indicator: a thin bar in the brand colour while the next page
// loads, and hover prefetching of same-site links (at most
// limits.prefetchConcurrency at once; never a private page) so that
// navigation feels instant.
import limits from "../../shared/limits.json";
import { isPrivate } from "./pageType";

function isPlainNavigation(e: MouseEvent, a: HTMLAnchorElement): boolean {
  return (
    e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey &&
    a.origin === location.origin && !a.hasAttribute("download") && a.target !== "_blank" &&
    !(a.pathname === location.pathname && a.search === location.search)
  );
}

document.addEventListener("click", (e) => {
  const a = (e.target as Element | null)?.closest?.("a");
  if (a instanceof HTMLAnchorElement && isPlainNavigation(e, a)) document.documentElement.classList.add("is-loading");
});
window.addEventListener("pageshow", () => document.documentElement.classList.remove("is-loading"));

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

document.addEventListener("pointerover", (e) => {
  const a = (e.target as Element | null)?.closest?.("a");
  if (!(a instanceof HTMLAnchorElement) || a.origin !== location.origin) return;
  const url = a.pathname + a.search;
  if (prefetched.has(url) || url === location.pathname + location.search || isPrivate(url)) return;
  prefetched.add(url);
  queue.push(url);
  pump();
});
