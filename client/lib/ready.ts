/**
 * markReady flags the island around el as hydrated (data-hydrated="true").
 * Browser tests wait for the flag instead of guessing a delay.
 */
export function markReady(el: Element | null): void {
  const marker = el?.closest("[data-island]");
  if (marker instanceof HTMLElement) marker.dataset.hydrated = "true";
}
