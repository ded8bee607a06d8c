// Hrefs come from the same route table the Go server routes with.
import table from "../../shared/routes.json";
import limits from "../../shared/limits.json";
import type { Lang } from "./i18n";

export type RouteName = (typeof table.routes)[number]["name"];

/** Place is where a visitor is: the language and the region slug. */
export interface Place {
  lang: Lang;
  region: string;
}

/**
 * CompiledRoute is a route whose pattern is split once into its literal
 * parts and its :params (literal, param, literal, ...): a RegExp replace on
 * every link cost goja more than the rest of href.
 */
interface CompiledRoute {
  region: boolean;
  parts: string[];
}

function compile(pattern: string, region: boolean): CompiledRoute {
  return { region, parts: pattern.split(/:(\w+)/) };
}

const routes = new Map(table.routes.map((r) => [r.name, compile(r.pattern, r.region)]));

/**
 * prefix is the path prefix of a place: none for Russian, /uz for Uzbek, then
 * the region slug unless it is Tashkent (the default region has no prefix).
 */
export function prefix(place: Place, withRegion: boolean): string {
  let p = place.lang === "uz" ? "/uz" : "";
  if (withRegion && place.region && place.region !== limits.defaultRegion) p += "/" + place.region;
  return p;
}

function join(pre: string, path: string): string {
  if (path === "/") return pre || "/";
  return pre + path;
}

/**
 * queryString is "?k=v&..." of the query's set values, keys in order (one
 * URL per filter combination), or "". An indexed loop, not filter/sort/map
 * or for...of: a listing writes a dozen filter links, and goja pays for
 * every callback and makes an object for every step of an iterator.
 */
export function queryString(query?: Record<string, string | number | undefined>): string {
  if (!query) return "";
  const keys = Object.keys(query);
  if (keys.length > 1) keys.sort();
  let s = "";
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    const v = query[k];
    if (v === undefined || v === "") continue;
    s += (s === "" ? "?" : "&") + encodeURIComponent(k) + "=" + encodeURIComponent(String(v));
  }
  return s;
}

/** href builds the URL of a named route in the visitor's place. */
export function href(
  name: RouteName,
  params: Record<string, string>,
  place: Place,
  query?: Record<string, string | number | undefined>,
): string {
  const route = routes.get(name);
  if (!route) throw new Error(`href: unknown route ${name}`);
  const parts = route.parts;
  let path = parts[0];
  for (let i = 1; i < parts.length; i += 2) {
    const v = params[parts[i]];
    if (v === undefined) throw new Error(`href: route ${name} needs ${parts[i]}`);
    path += encodeURIComponent(v) + parts[i + 1];
  }
  return join(prefix(place, route.region), path) + queryString(query);
}

// slugParams are slugHref's params, one object set for each call: href
// reads them before it returns.
const slugParams: Record<string, string> = { slug: "" };

/**
 * slugHref is href for a route whose one param is slug (an entity's page),
 * without the params object goja would make for every link of a card.
 */
export function slugHref(name: RouteName, slug: string, place: Place): string {
  slugParams.slug = slug;
  return href(name, slugParams, place);
}

/**
 * pathHref prefixes a plain path (a section that has no route of its own yet)
 * with the language, and with the region when the section is region-scoped.
 */
export function pathHref(path: string, place: Place, regional = false): string {
  // indexOf and slice, not split and a destructuring: goja makes an array
  // and an iterator for those, a few KB a link of the header's menu.
  const cut = path.indexOf("?");
  if (cut < 0) return join(prefix(place, regional), path);
  const q = path.slice(cut + 1).split("?")[0];
  return join(prefix(place, regional), path.slice(0, cut)) + (q ? "?" + q : "");
}

/** matches says whether a route pattern ("/kliniki/tip-:type") matches path's segments. */
function matches(pattern: string, segments: string[]): boolean {
  const want = pattern.split("/").filter(Boolean);
  if (want.length !== segments.length) return false;
  return want.every((w, i) => {
    const at = w.indexOf(":");
    if (at < 0) return w === segments[i];
    return segments[i].startsWith(w.slice(0, at)) && segments[i].length > at;
  });
}

const queryOrHash = /[?#]/;

/**
 * inRegion is href (a site path, maybe with a query) moved into region when
 * it names a regional page of the default region ("/doctors/kardiolog" →
 * "/samarkand/doctors/kardiolog"); anything else comes back unchanged. The
 * region picker uses it on pages without a region (a clinic or doctor card)
 * so the next listing the visitor opens is in the region they chose.
 */
export function inRegion(path: string, region: string, regions: string[]): string {
  if (!path.startsWith("/") || path.startsWith("//") || region === limits.defaultRegion) return path;
  const cut = path.search(queryOrHash);
  const [pathname, rest] = cut < 0 ? [path, ""] : [path.slice(0, cut), path.slice(cut)];
  const segments = pathname.split("/").filter(Boolean);
  const lang = segments[0] === "uz" ? "uz" : "ru";
  if (lang === "uz") segments.shift();
  if (segments.length > 0 && regions.includes(segments[0])) return path;
  const route = table.routes.find((r) => matches(r.pattern, segments));
  if (!route?.region) return path;
  return join(prefix({ lang, region }, true), "/" + segments.join("/")) + rest;
}
