// The page classification of analytics, the same as Go's route.Classify
// (shared/testdata/page_types.json runs both): the route's name and its
// path parameters in pattern order joined by "/", after the /uz, /ru or
// /en prefix and then a region segment are dropped; anything else "static".
import table from "../../shared/routes.json";

interface Row {
  name: string;
  pattern: string;
  region: boolean;
  segments: string[];
}

const rows: Row[] = table.routes.map((r) => ({ ...r, segments: split(r.pattern) }));

function split(p: string): string[] {
  const t = p.replace(/^\/+|\/+$/g, "");
  return t === "" ? [] : t.split("/");
}

// eslint-disable-next-line no-control-regex
const control = /[\u0000-\u001f\u007f]/;

/** match is the best route of a path as Go's route.Table.Match finds it. */
function match(path: string): { row: Row; params: Record<string, string> } | null {
  const segs = split(path);
  let best: { row: Row; params: Record<string, string> } | null = null;
  let bestLiterals = -1;
  for (const row of rows) {
    if (row.segments.length !== segs.length) continue;
    const params: Record<string, string> = {};
    let literals = 0;
    let ok = true;
    row.segments.forEach((p, i) => {
      if (!ok) return;
      const at = p.indexOf(":");
      if (at >= 0) {
        const lit = p.slice(0, at);
        if (!segs[i].startsWith(lit)) return (ok = false);
        let v: string;
        try {
          v = decodeURIComponent(segs[i].slice(lit.length));
        } catch {
          return (ok = false);
        }
        if (v === "" || control.test(v)) return (ok = false);
        params[p.slice(at + 1)] = v;
        if (lit !== "") literals++;
      } else if (p === segs[i]) literals++;
      else ok = false;
    });
    if (ok && literals > bestLiterals) {
      best = { row, params };
      bestLiterals = literals;
    }
  }
  return best;
}

function pageIdOf(m: { row: Row; params: Record<string, string> }): string {
  return m.row.segments
    .filter((s) => s.includes(":"))
    .map((s) => m.params[s.slice(s.indexOf(":") + 1)])
    .join("/");
}

const queryOrHash = /[?#]/;

/** classify gives [page_type, page_id] of a path (a query or hash is ignored). */
export function classify(path: string): [string, string] {
  let p = path.split(queryOrHash)[0];
  for (const prefix of ["/uz", "/ru", "/en"]) {
    if (p === prefix || p.startsWith(prefix + "/")) {
      p = p.slice(prefix.length);
      break;
    }
  }
  if (p === "") p = "/";
  let m = match(p);
  if (m) return [m.row.name, pageIdOf(m)];
  const slash = p.indexOf("/", 1);
  if (slash > 0 || p !== "/") {
    const rest = slash > 0 ? p.slice(slash + 1) : "";
    m = match("/" + rest);
    if (m && m.row.region) return [m.row.name, pageIdOf(m)];
  }
  return ["static", ""];
}

// The routes whose pages depend on the visitor (an access rule: a session,
// a new user, or an optional session like /history): never prefetched.
const privateRoutes = new Set(
  table.routes.filter((r) => "access" in r && r.access).map((r) => r.name),
);

/** isPrivate says whether the page of a path is rendered per visitor. */
export function isPrivate(path: string): boolean {
  return privateRoutes.has(classify(path)[0]);
}
