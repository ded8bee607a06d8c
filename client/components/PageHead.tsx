import { Helmet } from "react-helmet-async";
import type { PageURL } from "../types";

export interface PageHeadProps {
  title: string;
  description: string;
  url: PageURL;
  noindex?: boolean;
}

/**
 * PageHead declares a page's head tags. react-helmet-async 3 renders them in
 * place on React 19, and React hoists them into <head>.
 */
export function PageHead({ title, description, url, noindex }: PageHeadProps) {
  return (
    <Helmet>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url.canonical} />
      <link rel="alternate" hrefLang="ru" href={url.alternates.ru} />
      <link rel="alternate" hrefLang="uz" href={url.alternates.uz} />
      <link rel="alternate" hrefLang="x-default" href={url.alternates.xDefault} />
      {noindex && <meta name="robots" content="noindex, follow" />}
    </Helmet>
  );
}
