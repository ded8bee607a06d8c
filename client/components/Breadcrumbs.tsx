import { Fragment } from "react";
import { t, type Lang } from "../lib/i18n";
import type { PageURL } from "../types";
import { JsonLd } from "./JsonLd";
import "./Breadcrumbs.css";

/** Crumb is one step of the trail: a site-relative href and its label. */
export interface Crumb {
  href: string;
  label: string;
}

/**
 * Breadcrumbs is the trail above a page's title, links separated by " / ",
 * and the same trail as a schema.org BreadcrumbList with absolute URLs, so
 * what a crawler reads is what a visitor sees.
 */
export function Breadcrumbs({ items, url, lang }: { items: Crumb[]; url: PageURL; lang: Lang }) {
  const list = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.label, item: url.origin + c.href })),
  };
  return (
    <>
      <JsonLd data={list} />
      <nav className="breadcrumbs" aria-label={t(lang, "breadcrumbs.label")}>
        {items.map((c, i) => (
          <Fragment key={c.href}>
            {i > 0 && " / "}
            <a href={c.href}>{c.label}</a>
          </Fragment>
        ))}
      </nav>
    </>
  );
}
