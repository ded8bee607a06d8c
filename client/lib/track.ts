// Clinic and doctor track-events (SPEC §7, §8): POST
// /api/{clinics,doctors}/{id}/track-event with the kind, the page's route
// and the visitor's device id (the one lib/pageView.ts keeps). A 404 (the
// clinic or doctor is gone) is swallowed; any other failure is logged and
// never disturbs the page.

/** TrackKind is an event of the track-event APIs (server/analytics TrackKinds). */
export type TrackKind = "card_view" | "phone_shown" | "booking_started" | "route_opened" | "site_opened";

/** TrackEntity is what a track-event is about. */
export type TrackEntity = "clinic" | "doctor";

const kinds: readonly string[] = ["card_view", "phone_shown", "booking_started", "route_opened", "site_opened"];

/** isTrackKind tells a kind the server accepts from any other string. */
export function isTrackKind(s: string): s is TrackKind {
  return kinds.includes(s);
}

/** storedDevice is the page-view sender's device id, when it has made one. */
function storedDevice(): string | undefined {
  try {
    const id = localStorage.getItem("device_id");
    return id && /^[A-Za-z0-9_-]{8,64}$/.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

/** trackEvent sends one track-event; it never throws. */
export async function trackEvent(entity: TrackEntity, id: number, kind: TrackKind): Promise<void> {
  if (!(id > 0) || document.documentElement.dataset.pagePreview !== undefined) return;
  const lang = document.documentElement.lang === "uz" ? "uz" : "ru";
  const body = { event: kind, route: location.pathname, device_id: storedDevice() };
  try {
    const res = await fetch(`/api/${entity === "clinic" ? "clinics" : "doctors"}/${id}/track-event?lang=${lang}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      // A click that leaves the page (a map, a phone call) must not cancel it.
      keepalive: true,
    });
    if (!res.ok && res.status !== 404) console.error("Error sending track event", kind, res.status);
  } catch (err) {
    console.error("Error sending track event", kind, err);
  }
}

/**
 * watchClicks sends the kind named by data-track on a clicked link or button
 * inside root (phone shown, route opened, site opened), for entity id.
 * The markup stays plain links that work without JavaScript. It returns
 * the function that stops watching.
 */
export function watchClicks(root: Document | HTMLElement, entity: TrackEntity, id: number): () => void {
  const onClick = (e: Event) => {
    const el = e.target instanceof Element ? e.target.closest<HTMLElement>("[data-track]") : null;
    const kind = el?.dataset.track ?? "";
    if (isTrackKind(kind)) void trackEvent(entity, id, kind);
  };
  root.addEventListener("click", onClick);
  return () => root.removeEventListener("click", onClick);
}
