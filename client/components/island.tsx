// An island is a component that hydrates in the browser. On the server it
// renders as its own React root, with its own identifierPrefix, so that
// useId and markup match what hydrateRoot produces in entry-client.tsx.
import { createContext, useContext, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import type { Manifest } from "../types";

// __goJSON is installed by the Go engine (ssr/engine.go): encoding/json
// escapes <, >, &, U+2028 and U+2029, so the props are safe inside <script>.
declare function __goJSON(value: unknown): string;

/** IslandRegistry is per render: it numbers islands and records which ran. */
export interface IslandRegistry {
  manifest: Manifest;
  next: number;
  used: string[];
}

export const IslandContext = createContext<IslandRegistry | null>(null);

/**
 * island wraps Component (the default export of client/islands/{name}.tsx)
 * for server rendering: a marker element holding the island's own root, and
 * its props as JSON right after it.
 */
export function island<P extends object>(name: string, Component: ComponentType<P>): ComponentType<P> {
  function Island(props: P) {
    const registry = useContext(IslandContext);
    if (!registry) throw new Error(`island ${name} rendered outside a document`);
    const src = registry.manifest.islands[name];
    if (!src) throw new Error(`island ${name} has no chunk: is client/islands/${name}.tsx there?`);
    const idPrefix = `${name}${registry.next++}-`;
    if (!registry.used.includes(name)) registry.used.push(name);
    // No hook may run after this nested render: it resets React's hook state.
    const html = renderToString(<Component {...props} />, { identifierPrefix: idPrefix });
    return (
      <>
        <div data-island={name} data-prefix={idPrefix} data-src={src} dangerouslySetInnerHTML={{ __html: html }} />
        <script type="application/json" data-island-props={idPrefix} dangerouslySetInnerHTML={{ __html: __goJSON(props) }} />
      </>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}

/** IslandScripts loads the client entry, and only on pages that have islands. */
export function IslandScripts() {
  const registry = useContext(IslandContext);
  if (!registry || registry.used.length === 0) return null;
  return (
    <>
      {registry.used.map((name) => (
        <link key={name} rel="modulepreload" href={registry.manifest.islands[name]} />
      ))}
      <script type="module" src={registry.manifest.entry} async />
    </>
  );
}
