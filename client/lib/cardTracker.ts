// The card tracker (SPEC §7): a doctor's or a clinic's card page carries
// <span hidden data-card-tracker="doctor" data-card-id="12">; once the page
// has loaded, this sends the card view and then the page's tracked clicks
// (links marked data-track). No React: sending an event needs none, and
// the card pages stay within the JavaScript budget before any interaction.
import { trackEvent, watchClicks, type TrackEntity } from "./track";

function start(): void {
  const el = document.querySelector<HTMLElement>("[data-card-tracker]");
  const entity = el?.dataset.cardTracker;
  const id = Number(el?.dataset.cardId);
  if (!el || (entity !== "doctor" && entity !== "clinic") || !(id > 0)) return;
  watchClicks(document, entity as TrackEntity, id);
  void trackEvent(entity, id, "card_view");
  // What the browser tests wait for, as islands' data-hydrated.
  el.dataset.tracking = "true";
}

start();
