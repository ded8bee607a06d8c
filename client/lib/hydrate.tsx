// The React half of the islands' hydration, loaded by entry-client.tsx the
// first time an island is needed, so a page nobody touches runs no React.
import { hydrateRoot } from "react-dom/client";
import type { ComponentType } from "react";
import { islandProps } from "./islandProps";

/** hydrate hydrates the island marker el with its chunk's default export. */
export function hydrate(el: HTMLElement, Island: ComponentType<Record<string, unknown>>): void {
  const { island: name = "", prefix = "" } = el.dataset;
  const props = islandProps(el);
  hydrateRoot(el, <Island {...props} />, {
    identifierPrefix: prefix,
    onRecoverableError(error, info) {
      console.error(`hydration error in island ${name}`, error, info.componentStack);
    },
  });
}
