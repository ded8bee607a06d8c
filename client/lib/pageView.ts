// The page-view sender (SPEC §3 Page-view event, §4 Tracking, §7, §8):
// once on load and after every route change (a path pushed or popped),
// debounced, POST /api/analytic-events. No React: the page's
// classification on load comes from the server (<html data-page-type>),
// lib/pageType.ts classifies a path changed in the page. A 404 answer is
// ignored; any other failure is logged and never disturbs the page. The
// third-party counters' scripts load only when configured (lib/counters.ts).
import limits from "../../shared/limits.json";
import { classify } from "./pageType";
import { start } from "./counters";

const root = document.documentElement;
const deviceKey = "device_id";

/** deviceId is the visitor's random id, kept in localStorage. */
function deviceId(): string {
  try {
    let id = localStorage.getItem(deviceKey);
    if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
      id = crypto.randomUUID ? crypto.randomUUID() : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
      localStorage.setItem(deviceKey, id);
    }
    return id;
  } catch {
    return "no-storage-" + Math.random().toString(36).slice(2, 12);
  }
}

/** device is the device type from the user agent: android, ios or desktop. */
export function device(ua: string, touchPoints: number): "android" | "ios" | "desktop" {
  if (/Android/i.test(ua)) return "android";
  // iPadOS asks for the desktop site: a Mac with a touch screen is an iPad.
  if (/iPhone|iPad|iPod/i.test(ua) || (/Macintosh/.test(ua) && touchPoints > 1)) return "ios";
  return "desktop";
}

/** platform is mobile or desktop from the user agent. */
export function platform(ua: string, touchPoints: number): "mobile" | "desktop" {
  return device(ua, touchPoints) !== "desktop" || /Mobi/i.test(ua) ? "mobile" : "desktop";
}

const loadedPath = location.pathname;
let lastSent = "";
let timer: ReturnType<typeof setTimeout> | undefined;
let counters: { hit(route: string, pageType: string): void } | undefined;

async function classification(path: string): Promise<[string, string]> {
  if (path === loadedPath) return [root.dataset.pageType || "static", root.dataset.pageId || ""];
  return classify(path);
}

async function send(): Promise<void> {
  const route = location.pathname;
  if (route === lastSent) return;
  lastSent = route;
  const [pageType, pageId] = await classification(route);
  // An editor's preview is not a visit.
  if (pageType === "opentelegram" || root.dataset.pagePreview !== undefined) return;
  const ua = navigator.userAgent;
  const body = {
    event: "page_view",
    params: {
      device_id: deviceId(), route, page_type: pageType, page_id: pageId,
      platform: platform(ua, navigator.maxTouchPoints || 0), device: device(ua, navigator.maxTouchPoints || 0),
    },
  };
  try {
    const res = await fetch(`/api/analytic-events?lang=${root.lang === "uz" ? "uz" : "ru"}`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    if (!res.ok && res.status !== 404) console.error("Error sending page view event", res.status);
  } catch (err) {
    console.error("Error sending page view event", err);
  }
  if (root.dataset.ga4 || root.dataset.ym) {
    counters ??= start(root.dataset.ga4 || "", root.dataset.ym || "");
    counters.hit(route, pageType);
  }
}

/** schedule sends a page view once things settle (limits.pageViewDebounceMs). */
function schedule(): void {
  clearTimeout(timer);
  timer = setTimeout(() => void send(), limits.pageViewDebounceMs);
}

for (const name of ["pushState", "replaceState"] as const) {
  const original = history[name];
  history[name] = function (this: History, ...args: Parameters<History["pushState"]>) {
    original.apply(this, args);
    schedule();
  };
}
addEventListener("popstate", schedule);
schedule();
