import { variant, type ImageSize } from "../lib/picture";

export interface PictureProps {
  /** The image's name (its hash); nothing is drawn without one. */
  hash: string | null | undefined;
  size: ImageSize;
  /** The text alternative, in the page's language. */
  alt: string;
  /**
   * The page's largest picture, seen without scrolling: fetched first
   * (fetchpriority="high") and never lazily. Every other picture loads lazily.
   */
  priority?: boolean;
  /** Seen without scrolling but not the main picture (a logo beside the title): loaded at once, at normal priority. */
  above?: boolean;
  className?: string;
}

/**
 * Picture is every <img> of the site: 1x and 2x files, the box's width and
 * height (no layout shift), alt text, lazy unless it is the page's main picture.
 */
export function Picture({ hash, size, alt, priority, above, className }: PictureProps) {
  const v = variant(hash, size);
  if (!v) return null;
  return (
    <img
      className={className}
      src={v.src}
      srcSet={v.srcSet}
      width={v.width}
      height={v.height}
      alt={alt}
      decoding="async"
      fetchPriority={priority ? "high" : undefined}
      loading={priority || above ? undefined : "lazy"}
    />
  );
}
