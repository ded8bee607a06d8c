// Tables looked up by data (a specialty's or a clinic type's slug, a
// dictionary key built from a kind) must find their own entries only: a
// plain object also "has" Object.prototype's members, so the slug
// "constructor" found the Object function and the page showed
// "function Object() { [native code] }" where an icon belonged.

/**
 * lookupTable copies entries into an object without a prototype: indexing
 * it with any string finds an entry of its own or undefined, and it costs
 * no more than a plain object on every lookup.
 */
export function lookupTable<T>(entries: Record<string, T>): Readonly<Record<string, T | undefined>> {
  return Object.assign(Object.create(null) as Record<string, T>, entries);
}

/** hasOwn reports whether key is obj's own property (never an inherited one). */
export function hasOwn(obj: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}
