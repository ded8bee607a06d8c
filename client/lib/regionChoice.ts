// Where the region picker and the region prompt keep the visitor's choice
// (spec §3 leaves the storage open): cookies, so a later server feature can
// read them, and localStorage as a mirror for scripts. Both are read only in
// the browser, after hydration, so cached pages stay the same for everyone.
import limits from "../../shared/limits.json";

export const REGION_COOKIE = "region";
export const REJECTED_COOKIE = "region_rejected_at";
const storageKey = "sogliq:region";
const day = 24 * 60 * 60;

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return undefined;
}

function writeCookie(name: string, value: string, days: number): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${days * day}; samesite=lax`;
}

/** storedRegion is the region slug the visitor chose, if any. */
export function storedRegion(): string | undefined {
  return readCookie(REGION_COOKIE) || undefined;
}

/** storeRegion remembers the visitor's region for a year. */
export function storeRegion(slug: string): void {
  writeCookie(REGION_COOKIE, slug, limits.regionCookieDays);
  try {
    localStorage.setItem(storageKey, slug);
  } catch {
    // Storage may be disabled; the cookie is what counts.
  }
}

/** rejectedRecently reports a "choose another" within the rejection memory (30 days). */
export function rejectedRecently(now = Date.now()): boolean {
  const at = Number(readCookie(REJECTED_COOKIE));
  return Number.isFinite(at) && at > 0 && now - at < limits.regionRejectionDays * day * 1000;
}

/** storeRejection remembers that the visitor declined the detected region. */
export function storeRejection(now = Date.now()): void {
  writeCookie(REJECTED_COOKIE, String(now), limits.regionRejectionDays);
}

/** shouldDetect says whether to ask for the visitor's region (spec §4). */
export function shouldDetect(): boolean {
  return !storedRegion() && !rejectedRecently();
}

/**
 * isRegional tells a page that exists in every region at its own path (a
 * listing) from one whose path is the same in every region (a clinic or a
 * doctor card), given the page's region choices.
 */
export function isRegional(regions: { path: string }[]): boolean {
  return regions.some((r) => r.path !== regions[0]?.path);
}

/**
 * showsStoredRegion: on a page without a region of its own, the stored
 * region is shown when it is not the one the page was rendered with.
 */
export function showsStoredRegion(current: { slug: string }, regions: { slug: string; path: string }[]): boolean {
  const stored = storedRegion();
  return !!stored && stored !== current.slug && !isRegional(regions) && regions.some((r) => r.slug === stored);
}

interface DetectAnswer {
  data?: { slug: string; name: string };
}

let detecting: Promise<{ slug: string; name: string } | null> | undefined;

/**
 * detectRegion asks /api/locations/detect once per page (the entry asks
 * first, to know whether the region picker must hydrate for a prompt; the
 * picker gets the same answer). null: no answer worth a prompt; the
 * server has logged why.
 */
export function detectRegion(lang: string): Promise<{ slug: string; name: string } | null> {
  detecting ??= fetch(`/api/locations/detect?lang=${lang}`, { credentials: "same-origin" })
    .then((res) => (res.ok ? (res.json() as Promise<DetectAnswer>) : null))
    .then((body) => (body?.data?.slug ? { slug: body.data.slug, name: body.data.name } : null))
    .catch(() => null);
  return detecting;
}

const openEvent = "sogliq:region-picker-open";
let openRequested = false;

/** requestPickerOpen asks the RegionPicker island to open its list, now if it runs, else when it hydrates. */
export function requestPickerOpen(): void {
  openRequested = true;
  document.dispatchEvent(new Event(openEvent));
}

/** onPickerOpenRequest calls open for a request made before (once) and for each later one. */
export function onPickerOpenRequest(open: () => void): () => void {
  const take = () => {
    if (!openRequested) return;
    openRequested = false;
    open();
  };
  take();
  document.addEventListener(openEvent, take);
  return () => document.removeEventListener(openEvent, take);
}
