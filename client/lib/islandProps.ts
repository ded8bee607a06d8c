// An island's props, as the server wrote them right after its marker
// (components/island.tsx).

/** islandProps reads the props of the island marker el ({} when none). */
export function islandProps(el: HTMLElement): Record<string, unknown> {
  const propsEl = el.nextElementSibling;
  const prefix = el.dataset.prefix ?? "";
  return propsEl?.matches(`script[data-island-props="${CSS.escape(prefix)}"]`) ? JSON.parse(propsEl.textContent || "{}") : {};
}
