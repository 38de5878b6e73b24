/**
 * Values made once and kept: `once` for a lazy value (a measurement's shared analyses), `perOrigin` for what is
 * made per service origin (the site data, the search, the page shell, the API's sources, the A2A card with that
 * origin's absolute URLs). Origins come from configuration, never from a request: one in production, a few in
 * tests; past `MAX_ORIGINS` the kept values are dropped and made again, so memory stays bounded.
 */

/** A lazy value: `make` runs on the first call, every later call gets the same result (a promise included). */
export function once<T>(make: () => T): () => T {
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}

/** Origins kept at once (one in production; a few in tests). */
export const MAX_ORIGINS = 4;

/** `make(origin)`, made once per origin and kept (at most `MAX_ORIGINS` origins at a time). */
export function perOrigin<T>(make: (origin: string) => T): (origin: string) => T {
  const byOrigin = new Map<string, T>();
  return (origin) => {
    let found = byOrigin.get(origin);
    if (found === undefined) {
      if (byOrigin.size >= MAX_ORIGINS) byOrigin.clear();
      found = make(origin);
      byOrigin.set(origin, found);
    }
    return found;
  };
}
