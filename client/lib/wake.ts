// Waking an island hydrated on demand (entry-client.tsx's "demand"): a
// module that needs an island now (the booking form for a chosen time)
// asks for it by name. No import of the entry, which is not a module
// anyone imports.

/** wakeEvent is the document event the entry listens to; its detail is the island's name. */
export const wakeEvent = "sogliq:hydrate";

/** wakeIsland hydrates every island called name on the page, if not yet. */
export function wakeIsland(name: string): void {
  document.dispatchEvent(new CustomEvent(wakeEvent, { detail: name }));
}
