// The props the Go server passes to render(). Go builds them in
// server/web/document.go; keep the two in step.
import type { Lang } from "./lib/i18n";

export interface Manifest {
  css: string[];
  entry: string;
  islands: Record<string, string>;
}

export interface RegionRef {
  slug: string;
  code: string;
  nameRu: string;
  nameUz: string;
}

/** RegionChoice is a region of the picker with the current page's path in it. */
export interface RegionChoice {
  slug: string;
  nameRu: string;
  nameUz: string;
  path: string;
}

export interface PageURL {
  /** The site's origin, e.g. https://sogliq.uz. */
  origin: string;
  /** Absolute canonical URL of this page. */
  canonical: string;
  /** Absolute URLs of the page in each language; xDefault is the Russian one. */
  alternates: { ru: string; uz: string; xDefault: string };
  /** Path of the page in each language, for the language switcher. */
  paths: { ru: string; uz: string };
}

export interface RenderProps<D = unknown> {
  page: string;
  layout: string;
  lang: Lang;
  region: RegionRef;
  route: string;
  params: Record<string, string>;
  url: PageURL;
  noindex?: boolean;
  assets: Manifest;
  year: number;
  data: D;
  /** The region picker's choices; absent on error pages. */
  regions?: RegionChoice[];
}

export interface ErrorData {
  status: number;
  message: string;
}
