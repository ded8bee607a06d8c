import { Helmet } from "react-helmet-async";
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
}

/**
 * PageHead declares a page's head tags. react-helmet-async 3 renders them in
 * place on React 19, and React hoists them into <head>.
 */
export function PageHead({ title, description, url, noindex, image, type = "website" }: PageHeadProps) {
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
