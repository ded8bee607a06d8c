import sizes from "../../shared/images.json";

/** ImageSize names a display size of shared/images.json. */
export type ImageSize = keyof typeof sizes.sizes;

/**
 * imageURL is the file of the image named hash (the SHA-256 of the upload,
 * server/images) at a size and density, by images.json's pattern, which the
 * server's media handler serves.
 */
export function imageURL(hash: string, size: ImageSize, density: 1 | 2): string {
  const key = density === 2 ? size + "@2x" : size;
  let parts = hashParts.get(key);
  if (parts === undefined) {
    parts = fillPattern(size, density).split("{hash}");
    hashParts.set(key, parts);
  }
  let url = parts[0];
  for (let i = 1; i < parts.length; i++) url += hash + parts[i];
  return url;
}

// The pattern with everything but {hash} filled, per size and density, split
// around {hash}: a card's pictures cost goja an object and a loop each.
const hashParts = new Map<string, string[]>();

function fillPattern(size: ImageSize, density: 1 | 2): string {
  const box = sizes.sizes[size];
  const values: Record<string, string> = {
    size,
    width: String(box.width),
    height: String(box.height),
    density: density === 2 ? "@2x" : "",
  };
  return sizes.urlPattern.replace(/\{(size|width|height|density)\}/g, (_, name: string) => values[name]);
}
