import { SCHEMA_ORG_ORGANIZATIONS } from '../analysis/schema-org-organizations.ts';
import { isObject, parseJson } from '../context.ts';
import { siteText } from '../evidence.ts';
import { type CheckDefinition, failed, partial, passed } from './types.ts';

/** Who may publish a site: any schema.org Organization (every subtype: `AccountingService`, `NGO`…) or a Person. */
const PUBLISHER_TYPES = new Set([...SCHEMA_ORG_ORGANIZATIONS, 'Person'].map((t) => t.toLowerCase()));
/** Nodes and depth walked in one page's JSON-LD (site-controlled: bounded). */
const MAX_NODES = 500;
const MAX_DEPTH = 8;

export interface JsonLdNode {
  node: Record<string, unknown>;
  /** The property that holds it (`publisher`, `author`…), undefined at the top level or in `@graph`. */
  via?: string;
  /** The node that holds it. */
  parent?: Record<string, unknown>;
}

/** Every node of a JSON-LD document: top level, arrays, `@graph`, and nodes nested in properties (`publisher`…). */
export function jsonLdNodes(value: unknown): JsonLdNode[] {
  const found: JsonLdNode[] = [];
  const walk = (item: unknown, depth: number, via?: string, parent?: Record<string, unknown>): void => {
    if (found.length >= MAX_NODES || depth > MAX_DEPTH) return;
    if (Array.isArray(item)) {
      for (const entry of item) walk(entry, depth + 1, via, parent);
      return;
    }
    if (!isObject(item)) return;
    found.push({ node: item, ...(via ? { via } : {}), ...(parent ? { parent } : {}) });
    for (const [key, child] of Object.entries(item)) {
      if (key === '@context') continue;
      if (key === '@graph') walk(child, depth + 1);
      else if (typeof child === 'object' && child !== null) walk(child, depth + 1, key, item);
    }
  };
  walk(value, 0);
  return found;
}

const typesOf = (node: Record<string, unknown>): string[] => {
  const t = node['@type'];
  return (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === 'string').map((x) => x.replace(/^.*[/:#]/, ''));
};
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

export const schemaOrganizacao: CheckDefinition = {
  id: 'schema-organizacao',
  nome: 'Quem publica, em schema.org',
  camada: 'dados',
  severidade: 'media',
  titulo: 'Os dados estruturados não identificam quem publica o site',
  tituloParcial: 'Quem publica o site está nos dados estruturados, mas sem nome ou endereço',
  porque: 'Para citar uma fonte com confiança, buscadores e agentes precisam saber quem está por trás do site: nome, endereço oficial e perfis. Um nó Organization (ou Person) com nome e url resolve a entidade sem ambiguidade.',
  comoCorrigir: 'Inclua um nó schema.org Organization (ou um subtipo, como LocalBusiness ou ProfessionalService, ou Person) com name, url e, se possível, logo e sameAs, e um nó WebSite ligado a ele por publisher.',
  referencia: 'https://schema.org/Organization',
  dependeDe: 'json-ld',
  async run(ctx) {
    const nodes = ctx.page.jsonLd.flatMap((b) => jsonLdNodes(parseJson(b)));
    const allTypes = [...new Set(nodes.flatMap((n) => typesOf(n.node)))];
    const candidates = nodes
      .filter((n) => typesOf(n.node).some((t) => PUBLISHER_TYPES.has(t.toLowerCase())))
      .map((n) => {
        const type = typesOf(n.node).find((t) => PUBLISHER_TYPES.has(t.toLowerCase())) as string;
        // A publisher nested in a WebSite or page without its own url is the publisher of that address.
        const url = text(n.node.url) ?? (n.via && n.parent ? text(n.parent.url) : undefined);
        return { ...n, type, name: text(n.node.name), url };
      })
      // Complete ones first, then the declared publisher, then the organizations.
      .sort((a, b) => Number(!!b.name && !!b.url) - Number(!!a.name && !!a.url) || Number(b.via === 'publisher') - Number(a.via === 'publisher') || Number(b.type !== 'Person') - Number(a.type !== 'Person'));
    const best = candidates[0];
    const evidencias = [
      ctx.evidence(ctx.home, {
        em: 'corpo',
        decisivo: best ? `@type ${best.type}${best.via ? ` em ${best.via}` : ''}${best.name ? `, name ${best.name}` : ''}${best.url ? `, url ${best.url}` : ''}` : `@type: ${allTypes.slice(0, 6).join(', ') || 'nenhum'}`,
      }),
    ];
    if (nodes.length === 0) return failed('Sem JSON-LD válido na página inicial.', { evidencias });
    if (!best) {
      return failed(`JSON-LD sem Organization (nem subtipo dela), nem Person (tipos encontrados: ${allTypes.length ? siteText(allTypes.slice(0, 6).join(', ')) : 'nenhum'}).`, { evidencias });
    }
    const where = best.via ? ` (em ${best.via} de ${typesOf(best.parent ?? {})[0] ?? 'um nó'})` : '';
    if (best.name && best.url) return passed(`${best.type} ${siteText(best.name)}${where} com url${nodes.some((n) => typesOf(n.node).includes('WebSite')) ? ' e nó WebSite' : ''}.`, { evidencias });
    return partial(0.5, `Nó ${best.type}${where} sem ${[!best.name && 'name', !best.url && 'url'].filter(Boolean).join(' e ')}.`, { evidencias });
  },
};
