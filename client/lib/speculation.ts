// Route preloading (SPEC §9) by Speculation Rules: the browser prefetches a
// same-site link the visitor is about to follow (moderate eagerness: on
// hover or pointer down), never a private page (a route with an access
// rule, in any language prefix), an API or a download. Browsers without
// Speculation Rules get lib/loading.ts's hover prefetch instead. Pure: the
// document renders it on the server.
import table from "../../shared/routes.json";

/** privatePatterns are the URL patterns of the pages rendered per visitor. */
export function privatePatterns(): string[] {
  const out: string[] = [];
  for (const r of table.routes as { pattern: string; access?: string }[]) {
    if (!r.access) continue;
    for (const prefix of ["", "/uz", "/ru", "/en"]) out.push(prefix + r.pattern);
  }
  return out;
}

/** speculationRules is the document's <script type="speculationrules"> content. */
export function speculationRules(): object {
  return {
    prefetch: [
      {
        source: "document",
        where: {
          and: [
            { href_matches: "/*" },
            { not: { href_matches: ["/api/*", "/cert/*", ...privatePatterns()] } },
            { not: { selector_matches: "[download], [target=_blank], [rel~=nofollow], [data-no-prefetch]" } },
          ],
        },
        eagerness: "moderate",
      },
    ],
  };
}
