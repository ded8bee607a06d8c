import { Helmet } from "react-helmet-async";
import { t, type Lang } from "../lib/i18n";
import type { PageURL } from "../types";
import ogDefault from "../media/og-default.png";

export interface PageHeadProps {
  title: string;
  description: string;
  url: PageURL;
  noindex?: boolean;
  /** Absolute or site-relative URL of the page's picture for link previews. */
  image?: string;
  /** Open Graph type: website by default, profile for a doctor and so on. */
  type?: string;
  /**
   * paging is a listing's page number: past the first page, the title and
   * description name it, so that every page of a listing has its own.
   */
  paging?: { lang: Lang; page: number };
}

/**
 * pagedTitle names page n in title, before the site's name when the title
 * ends with it ("Кардиологи, страница 2 | Sog'liq").
 */
export function pagedTitle(lang: Lang, title: string, page: number): string {
  if (page <= 1) return title;
  const suffix = ` | ${t(lang, "site.name")}`;
  const named = t(lang, "pagination.titlePage", { n: page });
  return title.endsWith(suffix) ? `${title.slice(0, -suffix.length)}, ${named}${suffix}` : `${title}, ${named}`;
}

/** pagedDescription ends description with the page number past the first page. */
export function pagedDescription(lang: Lang, description: string, page: number): string {
  if (page <= 1) return description;
  const sentence = `${t(lang, "pagination.page", { n: page })}.`;
  return /[.!?…]$/.test(description) ? `${description} ${sentence}` : `${description}. ${sentence}`;
}

/**
 * PageHead declares a page's head tags. react-helmet-async 3 renders them in
 * place on React 19, and React hoists them into <head>.
 */
export function PageHead({ title, description, url, noindex, image, type = "website", paging }: PageHeadProps) {
  if (paging) {
    title = pagedTitle(paging.lang, title, paging.page);
    description = pagedDescription(paging.lang, description, paging.page);
  }
  const ogImage = image ? (image.startsWith("/") ? url.origin + image : image) : url.origin + ogDefault;
  return (
    <Helmet>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta property="og:site_name" content="Sog'liq" />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:image" content={ogImage} />
      {/* An error page has no canonical URL: it names none, nor alternates. */}
      {url.canonical && <meta property="og:url" content={url.canonical} />}
      {url.canonical && <meta property="og:locale" content={url.canonical === url.alternates.uz ? "uz_UZ" : "ru_RU"} />}
      {url.canonical && <link rel="canonical" href={url.canonical} />}
      {url.canonical && <link rel="alternate" hrefLang="ru" href={url.alternates.ru} />}
      {url.canonical && <link rel="alternate" hrefLang="uz" href={url.alternates.uz} />}
      {url.canonical && <link rel="alternate" hrefLang="x-default" href={url.alternates.xDefault} />}
      {noindex && <meta name="robots" content="noindex, follow" />}
    </Helmet>
  );
}
