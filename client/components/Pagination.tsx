import { t, t1, type Lang } from "../lib/i18n";
import "./Pagination.css";

export interface PaginationProps {
  lang: Lang;
  page: number;
  total: number;
  perPage: number;
  /** hrefFor returns the URL of page n (page 1 without ?page). */
  hrefFor: (n: number) => string;
}

/** pageWindow returns the page numbers to show around page, with 0 for a gap. */
export function pageWindow(page: number, pages: number): number[] {
  const out: number[] = [];
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - page) <= 2) out.push(n);
    else if (out[out.length - 1] !== 0) out.push(0);
  }
  return out;
}

/** Pagination links a listing's pages; plain links, so crawlers follow them. */
export function Pagination({ lang, page, total, perPage, hrefFor }: PaginationProps) {
  const pages = Math.ceil(total / perPage);
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t(lang, "pagination.label")}>
      {page > 1 && <a href={hrefFor(page - 1)} rel="prev">{t(lang, "pagination.prev")}</a>}
      {pageWindow(page, pages).map((n, i) =>
        n === 0 ? (
          <span key={`gap${i}`} className="pagination__gap">…</span>
        ) : n === page ? (
          <span key={n} className="pagination__current" aria-current="page">{n}</span>
        ) : (
          <a key={n} href={hrefFor(n)} aria-label={t1(lang, "pagination.page", "n", n)}>{n}</a>
        ),
      )}
      {page < pages && <a href={hrefFor(page + 1)} rel="next">{t(lang, "pagination.next")}</a>}
    </nav>
  );
}
