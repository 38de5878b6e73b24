/**
 * The deprecation table (contract, Versioning 4–6). Empty today: no route is deprecated and no response
 * carries `Deprecation` or `Sunset`. An entry makes its route announce itself by three means at once: the
 * `Deprecation` header (RFC 9745, a structured-field Date `@<unix seconds>`), the `Sunset` header
 * (RFC 8594, HTTP-date) and the `deprecacao` field of `GET /api`; with the replacement route.
 */
import { serializeItem } from 'structured-headers';
import type { Deprecation } from './schemas.ts';

export interface DeprecationEntry {
  /** HTTP method, upper case. */
  metodo: string;
  /** OpenAPI path template of the deprecated route (e.g. `/api/v1/busca`). */
  caminho: string;
  /** Announcement (first `Deprecation`) and removal (`Sunset`), at least 90 days apart. */
  anunciadoEm: Date;
  removidoEm: Date;
  /** The route that replaces it. */
  substituto: string;
}

/** The table. Add entries here (at least 90 days between anunciadoEm and removidoEm). */
export const DEPRECATIONS: readonly DeprecationEntry[] = [];

const MIN_NOTICE_MS = 90 * 24 * 60 * 60 * 1000;

/** A deprecation table: `DEPRECATIONS` in production; the request context carries it (tests pass their own). */
export type DeprecationTable = readonly DeprecationEntry[];

/** Checks the contract's rules on a table: removal at least 90 days after the announcement. */
export function validateDeprecations(entries: readonly DeprecationEntry[]): string[] {
  return entries
    .filter((e) => e.removidoEm.getTime() - e.anunciadoEm.getTime() < MIN_NOTICE_MS)
    .map((e) => `${e.metodo} ${e.caminho}: o Sunset deve vir ao menos 90 dias depois do Deprecation`);
}

/** The entry of a route (method + path template) in `table`, if deprecated. */
export const deprecationOf = (table: DeprecationTable, metodo: string, caminho: string): DeprecationEntry | undefined =>
  table.find((e) => e.metodo === metodo && e.caminho === caminho);

/** `deprecacao` of `GET /api`: undefined when nothing is deprecated (the field is then absent). */
export function deprecationField(table: DeprecationTable): Deprecation[] | undefined {
  if (table.length === 0) return undefined;
  return table.map((e) => ({
    metodo: e.metodo,
    caminho: e.caminho,
    anunciadoEm: e.anunciadoEm.toISOString(),
    removidoEm: e.removidoEm.toISOString(),
    substituto: e.substituto,
  }));
}

/** Sets `Deprecation`, `Sunset` and the `Link` to the policy on a response of a deprecated route. */
export function setDeprecationHeaders(headers: Headers, entry: DeprecationEntry, policyUrl: string): void {
  headers.set('Deprecation', serializeItem(entry.anunciadoEm));
  headers.set('Sunset', entry.removidoEm.toUTCString());
  headers.append('Link', `<${policyUrl}>; rel="deprecation"; type="text/markdown"`);
  headers.append('Link', `<${entry.substituto}>; rel="successor-version"`);
}
