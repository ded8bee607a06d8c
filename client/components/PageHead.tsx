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
  // Helmet's props form, not its children: it then skips mapping each
  // child element to props (object spreads in a loop, a fifth of a warm
  // listing's render in goja) and writes the same elements.
  const meta: Record<string, string>[] = [
    { name: "description", content: description },
    { property: "og:site_name", content: "Sog'liq" },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:image", content: ogImage },
  ];
  const link: Record<string, string>[] = [];
  // An error page has no canonical URL: it names none, nor alternates.
  if (url.canonical) {
    meta.push(
      { property: "og:url", content: url.canonical },
      { property: "og:locale", content: url.canonical === url.alternates.uz ? "uz_UZ" : "ru_RU" },
    );
    link.push(
      { rel: "canonical", href: url.canonical },
      { rel: "alternate", hrefLang: "ru", href: url.alternates.ru },
      { rel: "alternate", hrefLang: "uz", href: url.alternates.uz },
      { rel: "alternate", hrefLang: "x-default", href: url.alternates.xDefault },
    );
  }
  if (noindex) meta.push({ name: "robots", content: "noindex, follow" });
  return <Helmet title={title} meta={meta} link={link} />;
}
