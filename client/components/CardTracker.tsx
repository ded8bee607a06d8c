import type { TrackEntity } from "../lib/track";

/**
 * CardTracker marks a doctor's or a clinic's card page for lib/cardTracker.ts,
 * which sends the card view and the page's tracked clicks. It shows nothing.
 */
export function CardTracker({ entity, id }: { entity: TrackEntity; id: number }) {
  return <span hidden data-card-tracker={entity} data-card-id={id} />;
}
