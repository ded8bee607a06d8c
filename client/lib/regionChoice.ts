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
