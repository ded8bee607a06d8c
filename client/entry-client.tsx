// The browser entry. Everything on a page is plain HTML; the islands the
// server marked hydrate when they are needed (data-hydrate, as Astro's and
// Fresh's islands do), and only then do React and the island's chunk load:
//
//   idle         as soon as the browser is idle (private pages' forms);
//   visible      when the island comes within 200 px of the viewport;
//   interaction  on the first pointer, touch, focus or key inside it, the
//                click that woke it replayed once it has hydrated;
//   demand       like interaction, or when a module asks for it by name
//                (wakeIsland: the booking form, opened by a chosen time).
//
// The free times (lib/freeTimes.ts) need no React: they load when the
// doctor cards or the week grid come into view.
import limits from "../shared/limits.json";
import "./lib/loading";
import "./lib/pageView";
import "./lib/cardTracker";
import { wakeEvent, wakeIsland } from "./lib/wake";
import { islandProps } from "./lib/islandProps";
import { detectRegion, shouldDetect, showsStoredRegion } from "./lib/regionChoice";

const reloadKey = "sogliq:chunk-reload";

// A chunk that fails to load usually means a deploy replaced it: reload once,
// but not again within the guard window (spec §8), so a broken deploy cannot
// loop.
function reloadAfterChunkError(err: unknown): void {
  console.error("island chunk failed to load", err);
  const last = Number(sessionStorage.getItem(reloadKey) || 0);
  if (Date.now() - last < limits.reloadGuardMs) return;
  sessionStorage.setItem(reloadKey, String(Date.now()));
  window.location.reload();
}

const started = new WeakSet<HTMLElement>();

// Islands React has taken over (hydrateRoot called): from then on React
// handles a click itself, replaying one that reaches a part not yet
// hydrated, so holding and replaying it here too would click twice (a
// menu opened and closed at once).
const rooted = new WeakSet<HTMLElement>();

async function hydrateIsland(el: HTMLElement): Promise<void> {
  if (started.has(el)) return;
  started.add(el);
  let chunks: [typeof import("./lib/hydrate"), { default: React.ComponentType<Record<string, unknown>> }];
  try {
    chunks = await Promise.all([import("./lib/hydrate"), import(/* @vite-ignore */ el.dataset.src || "")]);
  } catch (err) {
    return reloadAfterChunkError(err);
  }
  rooted.add(el);
  chunks[0].hydrate(el, chunks[1].default);
}

/** hydrated resolves once the island has marked itself ready (lib/ready.ts). */
function hydrated(el: HTMLElement): Promise<void> {
  if (el.dataset.hydrated === "true") return Promise.resolve();
  return new Promise((resolve) => {
    const watch = new MutationObserver(() => {
      if (el.dataset.hydrated !== "true") return;
      watch.disconnect();
      resolve();
    });
    watch.observe(el, { attributes: true, attributeFilter: ["data-hydrated"] });
  });
}

// Controls whose click does something only through React: a click on one
// before hydration is held and replayed. Links and form fields work
// without React and keep their default action.
const replayable = "button, summary, [role=button], [role=tab], [role=option], input[type=checkbox], input[type=radio]";

const wakeEvents = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"] as const;

function onInteraction(el: HTMLElement): void {
  const wake = () => {
    wakeEvents.forEach((type) => el.removeEventListener(type, wake, true));
    void hydrateIsland(el);
  };
  wakeEvents.forEach((type) => el.addEventListener(type, wake, { capture: true, passive: true }));
  const hold = (e: MouseEvent) => {
    const target = e.target instanceof Element ? e.target.closest<HTMLElement>(replayable) : null;
    if (el.dataset.hydrated === "true" || rooted.has(el)) return el.removeEventListener("click", hold, true);
    if (!target || !el.contains(target)) return;
    e.preventDefault();
    e.stopPropagation();
    void hydrateIsland(el);
    void hydrated(el).then(() => target.isConnected && target.click());
  };
  el.addEventListener("click", hold, true);
  void hydrated(el).then(() => replayTyping(el));
}

// Text typed into an island's field before it hydrated is in the DOM but
// not in React's state: React tracks a field's last value (_valueTracker)
// and fires onChange only when the value differs from it, so point the
// tracker at the server's value and send the input event again.
function replayTyping(el: HTMLElement): void {
  el.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input:not([type=checkbox]):not([type=radio]), textarea").forEach((field) => {
    if (field.value === field.defaultValue) return;
    (field as unknown as { _valueTracker?: { setValue(v: string): void } })._valueTracker?.setValue(field.defaultValue);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

/** whenVisible runs then once any of targets comes within 200 px of the viewport. */
function whenVisible(targets: Element[], then: () => void): void {
  if (!("IntersectionObserver" in window) || targets.length === 0) return then();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      then();
    },
    { rootMargin: "200px" },
  );
  targets.forEach((t) => observer.observe(t));
}

// Markers are display: contents (no box of their own): watch what they hold.
const onVisible = (el: HTMLElement) => whenVisible([...el.children], () => void hydrateIsland(el));

function startFreeTimes(): void {
  const cards = document.querySelector<HTMLElement>('[data-free-times="cards"]');
  // The placeholders are empty (no box): watch the cards that hold them.
  const places = [...document.querySelectorAll("[data-next-slots]")].map((p) => p.closest(".doctor-summary") ?? p);
  if (cards && places.length > 0) whenVisible(places, () => void import("./lib/freeTimes").then((m) => m.startCards(cards), reloadAfterChunkError));
  document.querySelectorAll<HTMLElement>('[data-free-times="week"]').forEach((week) => whenVisible([week], () => void import("./lib/freeTimes").then((m) => m.startDoctorWeek(week), reloadAfterChunkError)));
}

function schedule(el: HTMLElement): void {
  switch (el.dataset.hydrate) {
    case "visible":
      onVisible(el);
      return;
    case "interaction":
    case "demand":
      onInteraction(el);
      return;
    default:
      void hydrateIsland(el);
  }
}

document.addEventListener(wakeEvent, (e) => {
  const name = (e as CustomEvent<string>).detail;
  document.querySelectorAll<HTMLElement>(`[data-island="${CSS.escape(name)}"]`).forEach((el) => void hydrateIsland(el));
});

// The region picker hydrates at once when it has the stored region to show
// on a card page. A prompt for a detected region needs no React: it is
// drawn with the DOM (lib/regionPrompt.ts, issue 34 item 13), and the
// picker hydrates only if the visitor asks for the list.
function wakeRegionPicker(): void {
  const el = document.querySelector<HTMLElement>('[data-island="RegionPicker"]');
  if (!el) return;
  const { current, regions, promptLabels } = islandProps(el) as {
    current?: { slug: string };
    regions?: { slug: string; path: string }[];
    promptLabels?: import("./lib/regionPrompt").PromptLabels;
  };
  if (current && regions && showsStoredRegion(current, regions)) return wakeIsland("RegionPicker");
  if (!shouldDetect()) return;
  void detectRegion(document.documentElement.lang).then((found) => {
    if (!found || !shouldDetect()) return;
    if (!promptLabels || !regions) return wakeIsland("RegionPicker");
    void import("./lib/regionPrompt").then((m) => m.showRegionPrompt(found, promptLabels, regions), reloadAfterChunkError);
  });
}

// Inside Telegram (its launch parameters in the address, a tab opened from
// the Mini App, or Telegram's script present) lib/telegram.ts signs in and
// follows Telegram's theme; back from Telegram's sign-in page
// (#tgAuthResult) it signs in on the website; elsewhere it never loads.
function startTelegram(): void {
  let tab = false;
  try {
    tab = sessionStorage.getItem("sogliq:telegram") === "1";
  } catch {
    // Storage refused: only the address and the script tell.
  }
  if (location.hash.startsWith("#tgAuthResult=")) {
    // Before any island hydrates: /login's form leaves a signed-in
    // visitor alone while Telegram is being linked.
    document.documentElement.setAttribute("data-telegram-login", "");
    void import("./lib/telegram").then((m) => m.finishLogin(), reloadAfterChunkError);
    return;
  }
  const w = window as { Telegram?: { WebApp?: unknown } };
  if (!tab && !location.hash.includes("tgWebAppData") && !w.Telegram?.WebApp) return;
  void import("./lib/telegram").then((m) => m.start(), reloadAfterChunkError);
}

// Each part on its own: one that throws (a blocked localStorage, a
// malformed prop) must not keep the others from starting.
function scheduleAll(): void {
  const parts = [() => document.querySelectorAll<HTMLElement>("[data-island]").forEach(schedule), startFreeTimes, wakeRegionPicker, startTelegram];
  for (const part of parts) {
    try {
      part();
    } catch (err) {
      console.error("page start failed", err);
    }
  }
}

// In a deferred task so the first paint never waits for it.
if ("requestIdleCallback" in window) requestIdleCallback(scheduleAll, { timeout: 500 });
else setTimeout(scheduleAll, 0);
