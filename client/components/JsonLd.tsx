// __goJSON is installed by the Go engine (ssr/engine.go): JSON with <, >
// and & and the line separators escaped, so no string in the data can
// close the script element. Pages render on the server only, where it exists.
declare function __goJSON(value: unknown): string;

/**
 * prune drops what has no value (undefined, null, "", empty arrays) from
 * structured data, so a page states only the fields its data has.
 */
export function prune(value: unknown): unknown {
  // Indexed loops: goja makes an object for every step of for...of and a
  // closure for every callback.
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i++) {
      const v = prune(value[i]);
      if (v !== undefined) out.push(v);
    }
    return out.length > 0 ? out : undefined;
  }
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    let any = false;
    const keys = Object.keys(value);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      const v = prune((value as Record<string, unknown>)[k]);
      if (v !== undefined) {
        out[k] = v;
        any = true;
      }
    }
    return any ? out : undefined;
  }
  return value === null || value === "" ? undefined : value;
}

/** JsonLd writes schema.org structured data as <script type="application/ld+json">. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: __goJSON(prune(data) ?? {}) }} />;
}
