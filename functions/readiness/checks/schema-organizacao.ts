import { isObject, parseJson } from '../context.ts';
import { type CheckDefinition, failed, partial, passed } from './types.ts';

const ORGANIZATION_TYPES = new Set([
  'organization', 'corporation', 'localbusiness', 'professionalservice', 'ngo', 'educationalorganization', 'governmentorganization',
  'onlinebusiness', 'onlinestore', 'store', 'newsmediaorganization', 'medicalorganization', 'person',
]);

/** Every node of a JSON-LD document (top level, arrays and @graph). */
export function jsonLdNodes(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(jsonLdNodes);
  if (!isObject(value)) return [];
  const graph = value['@graph'];
  return [value, ...(Array.isArray(graph) ? graph.flatMap(jsonLdNodes) : [])];
}

const typesOf = (node: Record<string, unknown>): string[] => {
  const t = node['@type'];
  return (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === 'string').map((x) => x.toLowerCase().replace(/^.*[/:#]/, ''));
};

export const schemaOrganizacao: CheckDefinition = {
  id: 'schema-organizacao',
  nome: 'Quem publica, em schema.org',
  camada: 'dados',
  severidade: 'media',
  titulo: 'Os dados estruturados não identificam quem publica o site',
  porque: 'Para citar uma fonte com confiança, buscadores e agentes precisam saber quem está por trás do site: nome, endereço oficial e perfis. Um nó Organization (ou Person) com nome e url resolve a entidade sem ambiguidade.',
  comoCorrigir: 'Inclua um nó schema.org Organization (ou LocalBusiness, ou Person) com name, url e, se possível, logo e sameAs, e um nó WebSite ligado a ele por publisher.',
  referencia: 'https://schema.org/Organization',
  dependeDe: 'json-ld',
  async run(ctx) {
    const nodes = ctx.page.jsonLd.flatMap((b) => jsonLdNodes(parseJson(b)));
    if (nodes.length === 0) return failed('Sem JSON-LD válido na página inicial.');
    const org = nodes.find((n) => typesOf(n).some((t) => ORGANIZATION_TYPES.has(t)));
    const website = nodes.some((n) => typesOf(n).includes('website'));
    if (!org) return failed(`JSON-LD sem Organization, LocalBusiness ou Person (tipos encontrados: ${[...new Set(nodes.flatMap(typesOf))].slice(0, 6).join(', ') || 'nenhum'}).`);
    const hasName = typeof org.name === 'string' && org.name.trim() !== '';
    const hasUrl = typeof org.url === 'string' && org.url.trim() !== '';
    if (hasName && hasUrl) return passed(`${typesOf(org)[0]} "${org.name as string}" com url${website ? ' e nó WebSite' : ''}.`);
    return partial(0.5, `Nó ${typesOf(org)[0]} sem ${[!hasName && 'name', !hasUrl && 'url'].filter(Boolean).join(' e ')}.`);
  },
};
