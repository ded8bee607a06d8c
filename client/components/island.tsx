// An island is a component that hydrates in the browser. On the server it
// renders as its own root, with its own identifierPrefix, so that useId
// and markup match what hydrateRoot produces in entry-client.tsx
// (renderIsland: React's HTML, by the static renderer when it can).
import { createContext, useContext, type ComponentType } from "react";
import { jsx } from "react/jsx-runtime";
import { renderIsland } from "../staticRender";
import { fragmentMarker, keep } from "./fragment";
import type { Manifest } from "../types";

// __goJSON is installed by the Go engine (ssr/engine.go): JSON with <, >,
// &, U+2028 and U+2029 escaped, so the props are safe inside <script>;
// with omit, the value without that key at its top, or null for a value
// only JSON.stringify writes (ssr/scriptjson.go).
declare function __goJSON(value: unknown): string;
declare function __goJSON(value: unknown, omit: string): string | null;

/** IslandRegistry is per render: it numbers islands and records which ran. */
export interface IslandRegistry {
  manifest: Manifest;
  next: number;
  used: string[];
  /** eager are the used islands hydrated at once (preloaded with the entry). */
  eager: string[];
}

/**
 * Hydration is when an island hydrates in the browser (entry-client.tsx):
 * "idle" at once (the default: private pages' forms), "visible" when
 * scrolled near, "interaction" on the first pointer, touch, focus or key
 * inside it, "demand" likewise or when a module wakes it (lib/wake.ts).
 */
export type Hydration = "idle" | "visible" | "interaction" | "demand";

/**
 * HTMLKeyed is an island component that names what its server HTML follows
 * from (htmlKey), when that is less than its props: the rest (lists it
 * opens later, texts of prompts it shows after hydration) is only carried
 * to the browser. The key then keeps one fragment where the props differ
 * from page to page (the region picker's links to this page in each
 * region). client_test.go renders each such island with props that differ
 * outside the key and requires the same HTML.
 */
export type HTMLKeyed<P> = ComponentType<P> & { htmlKey?: (props: P) => unknown };

/** IslandProps are an island's props plus when it hydrates. */
export type IslandProps<P> = P & { hydrate?: Hydration };

export const IslandContext = createContext<IslandRegistry | null>(null);

/**
 * island wraps Component (the default export of client/islands/{name}.tsx)
 * for server rendering: a marker element holding the island's own root, and
 * its props as JSON right after it.
 */
export function island<P extends object>(name: string, Component: HTMLKeyed<P>): ComponentType<IslandProps<P>> {
  const htmlKey = Component.htmlKey;
  // The props are the island's own but hydrate: written without it, and
  // copied without it only to render (a held island's HTML needs no copy).
  function Island(all: IslandProps<P>) {
    const hydrate = all.hydrate ?? "idle";
    const registry = useContext(IslandContext);
    if (!registry) throw new Error(`island ${name} rendered outside a document`);
    const src = registry.manifest.islands[name];
    if (!src) throw new Error(`island ${name} has no chunk: is client/islands/${name}.tsx there?`);
    const idPrefix = `${name}${registry.next++}-`;
    if (!registry.used.includes(name)) registry.used.push(name);
    if (hydrate === "idle" && !registry.eager.includes(name)) registry.eager.push(name);
    const json = __goJSON(all, "hydrate") ?? __goJSON(withoutHydrate(all));
    // Hydration needs an island's HTML to follow from its props and prefix
    // alone, so the engine keeps it like a card's (fragment.tsx): the
    // header's islands, the same on every page of a language and region,
    // render once. htmlKey reads its fields by name: hydrate is no field.
    const n = keep(`island:${name}:${idPrefix}`, htmlKey ? JSON.stringify(htmlKey(all)) : json, `island:${name}`, renderIslandOf, Component as ComponentType<object>, all, idPrefix);
    return (
      <>
        <div data-island={name} data-prefix={idPrefix} data-src={src} data-hydrate={hydrate} dangerouslySetInnerHTML={{ __html: n === null ? renderIslandOf(Component as ComponentType<object>, all, idPrefix) : fragmentMarker(n) }} />
        <script type="application/json" data-island-props={idPrefix} dangerouslySetInnerHTML={{ __html: json }} />
      </>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}

/** renderIslandOf renders an island's root for keep, with its props but hydrate. */
function renderIslandOf(Component: ComponentType<object>, all: IslandProps<object>, idPrefix: string): string {
  return renderIsland(jsx(Component, withoutHydrate(all)), idPrefix);
}

/**
 * withoutHydrate copies an island's props but hydrate, by a loop: the rest
 * pattern ({ hydrate, ...rest }) cost goja a few times more.
 */
function withoutHydrate<P extends object>(all: IslandProps<P>): P {
  const props: Record<string, unknown> = {};
  const keys = Object.keys(all);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (k !== "hydrate") props[k] = (all as Record<string, unknown>)[k];
  }
  return props as P;
}

/**
 * IslandScripts loads the client entry, and only on pages that have
 * islands; the chunks of the islands hydrated at once are preloaded, the
 * others load when needed.
 */
export function IslandScripts() {
  const registry = useContext(IslandContext);
  if (!registry || registry.used.length === 0) return null;
  return (
    <>
      {registry.eager.map((name) => (
        <link key={name} rel="modulepreload" href={registry.manifest.islands[name]} />
      ))}
      <script type="module" src={registry.manifest.entry} async />
    </>
  );
}
