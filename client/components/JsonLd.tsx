// __goJSON is installed by the Go engine (ssr/engine.go): JSON with <, >
// and & and the line separators escaped, so no string in the data can
// close the script element. Pages render on the server only, where it exists.
declare function __goJSON(value: unknown): string;

/**
 * prune drops what has no value (undefined, null, "", empty arrays) from
 * structured data, so a page states only the fields its data has.
 */
export function prune(value: unknown): unknown {
  if (Array.isArray(value)) {
    const out = value.map(prune).filter((v) => v !== undefined);
    return out.length > 0 ? out : undefined;
  }
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    let any = false;
    for (const k of Object.keys(value)) {
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
