// A fragment is a card rendered once and reused as HTML by every page that
// shows it (ssr/fragments.go). Cards are never hydrated (only islands are),
// so the spliced HTML needs no React state; a card must hold no island and
// read no context. A card the static renderer cannot write is rendered by
// React (renderCard).
import type { ComponentType, ReactElement } from "react";
import { jsx } from "react/jsx-runtime";
import { renderCard, type Out } from "../staticRender";

// Installed by the Go engine (ssr/engine.go, installFragments).
declare function __fragmentKey(kind: string, propsJSON: string): string;
declare function __fragmentGet(key: string): number;
declare function __fragmentPut(key: string, tag: string, html: string | Out): number;
// Installed by the Go engine (ssr/cardwalk.go): the walker places the
// cards of an entity card (below) itself.
declare function __goCard(wrapper: unknown, kind: string, field: string, priced: string, render: (props: object) => string | Out): void;

/**
 * fragmentMarker is the HTML of the element <template data-fragment={n} />
 * renders, for HTML set as a string (island.tsx); the engine replaces
 * either with the fragment's HTML.
 */
export function fragmentMarker(n: number): string {
  return `<template data-fragment="${n}"></template>`;
}

/**
 * keep is the engine's store for HTML that follows from kind and propsJSON
 * alone: the marker number of the HTML held, rendered by render(a, b, c)
 * and kept under tag the first time (a string, or the engine's sink:
 * ssr/sink.go); null when the engine keeps nothing (render in place then).
 * render is a function of the module and its arguments come apart, not a
 * closure made for every card: goja allocates each closure, most of them
 * for cards it already holds. No hook may run after it: render may be a
 * nested render (an island's renderToString), which resets React's hook
 * state.
 */
export function keep<A, B, C>(kind: string, propsJSON: string, tag: string, render: (a: A, b: B, c: C) => string | Out, a: A, b: B, c: C): number | null {
  const key = typeof __fragmentKey === "function" ? __fragmentKey(kind, propsJSON) : "";
  if (key === "") return null;
  const n = __fragmentGet(key);
  return n >= 0 ? n : __fragmentPut(key, tag, render(a, b, c));
}

/** renderCardOf renders Card with props for keep. */
function renderCardOf(Card: ComponentType<object>, props: object): string | Out {
  return renderCard(jsx(Card, props));
}

// markers are the elements <template data-fragment={n} /> by n, made once:
// elements never change, and a listing shows the same numbers every time.
const markers: ReactElement[] = [];

function marker(n: number): ReactElement {
  return (markers[n] ??= <template data-fragment={n} />);
}

/**
 * sealedKey is a card's key from its entity's seal (the "fragment" field
 * the engine sealed as kind|hash of the entity's data, ssr/props.go), the
 * language and what else the card's HTML follows from (variant); null
 * when the props were not sealed (a runtime given JSON), so that the key
 * is the props' JSON. The engine fetches the keys of a page's cards from
 * Redis before the page renders by the same rule.
 */
export function sealedKey(seal: string | undefined, lang: string, variant: "" | "priced"): string | null {
  return seal !== undefined && seal.indexOf("|") > 0 ? seal + "|" + lang + "|" + variant : null;
}

/**
 * fragment wraps a card so that the engine renders it once per distinct
 * props: in a page it becomes <template data-fragment="N"></template>,
 * which the engine replaces with the card's HTML. tagOf names the entity
 * ("doctor:12"), whose purge drops the card; keyOf, when given, is the
 * card's key (sealedKey), which must cover every prop the card shows.
 */
export function fragment<P extends object>(kind: string, tagOf: (props: P) => string, Card: ComponentType<P>, keyOf?: (props: P) => string | null): ComponentType<P> {
  // jsx(Card, props), not <Card {...props} />: the card's props as they
  // came, without a copy for every card a cold listing renders.
  function Fragment(props: P) {
    const n = keep(kind, keyOf?.(props) ?? JSON.stringify(props), tagOf(props), renderCardOf, Card as ComponentType<object>, props, null);
    return n === null ? jsx(Card, props) : marker(n);
  }
  Fragment.displayName = `Fragment(${kind})`;
  return Fragment;
}

/**
 * entityCard is fragment for the card of an entity whose data the engine
 * sealed (a Go card type's "fragment" field: a doctor's, a clinic's): the
 * entity is the props' field, the card's tag kind:id, its key the seal,
 * the language and, when priced names a prop that is true, "priced". The
 * engine's walker places such cards itself (ssr/cardwalk.go: the key and
 * the marker made in Go, the card rendered only when no store holds it),
 * so a held card costs no script; the wrapper returned keys them the same
 * way wherever the script renders it.
 */
export function entityCard<P extends { lang: string }>(kind: string, field: keyof P & string, Card: ComponentType<P>, priced?: keyof P & string): ComponentType<P> {
  const entity = (p: P) => p[field] as { id: number; fragment?: string };
  const Wrapper = fragment(kind, (p: P) => kind + ":" + entity(p).id, Card, (p) => sealedKey(entity(p).fragment, p.lang, priced !== undefined && p[priced] ? "priced" : ""));
  if (typeof __goCard === "function") __goCard(Wrapper, kind, field, priced ?? "", (props) => renderCardOf(Card as ComponentType<object>, props));
  return Wrapper;
}
