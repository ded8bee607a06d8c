import type { ReactElement } from "react";
import sizes from "../../shared/images.json";
import { imageURL, type ImageSize } from "../lib/picture";

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
  return picture(hash, size, alt, priority, above, className);
}

/**
 * picture is Picture's element from its props passed one by one: a card
 * calls it (through avatar) without the props objects, the variant and
 * the component calls a <Picture> costs goja for every card of a cold
 * listing.
 */
export function picture(hash: string | null | undefined, size: ImageSize, alt: string, priority?: boolean, above?: boolean, className?: string): ReactElement | null {
  if (!hash) return null;
  const one = imageURL(hash, size, 1);
  const box = sizes.sizes[size];
  return (
    <img
      className={className}
      src={one}
      srcSet={one + " 1x, " + imageURL(hash, size, 2) + " 2x"}
      width={box.width}
      height={box.height}
      alt={alt}
      decoding="async"
      fetchPriority={priority ? "high" : undefined}
      loading={priority || above ? undefined : "lazy"}
    />
  );
}
