import { ARD_LEGACY_PATH, ARD_LEGACY_REL, ARD_PATH, ARD_REL } from '../../../src/model/ard.ts';
import { agentmapOf, validateArdManifest } from '../analysis/ard.ts';
import { parseLinkHeader } from '../analysis/link-header.ts';
import { looksLikeHtml } from '../analysis/llms.ts';
import { isObject, type MeasurementContext, ok200, parseJson } from '../context.ts';
import { revisionOf, withVerdict } from '../revision.ts';
import { missingInterface } from './api-signals.ts';
import type { CheckDefinition } from './types.ts';

const ACCEPT = 'application/ai-catalog+json, application/json;q=0.9, */*;q=0.5';

const FIX =
  'Publique /.well-known/ard.json com {"specVersion":"1.0","entries":[…]}: em cada entrada, identifier (urn:air:<seu-dominio>:<espaço>:<nome>), displayName, type (por exemplo application/mcp-server-card+json), url ou data, e de 2 a 5 representativeQueries. Anuncie-o com Link: </.well-known/ard.json>; rel="ard" e <link rel="ard">.';

interface Advertised {
  via: string;
  url: string;
  current: boolean;
}

/**
 * Where the site announces its catalog, in ARD v0.91's discovery order (Agentmap: in robots.txt, `<link rel="ard">`,
 * `Link: rel="ard"`, the well-known path), then the v0.9 ways (`rel="ai-catalog"`, `/.well-known/ai-catalog.json`).
 */
async function advertised(ctx: MeasurementContext): Promise<Advertised[]> {
  const found: Advertised[] = [];
  const add = (via: string, href: string, current: boolean, base: string) => {
    try {
      found.push({ via, url: new URL(href, base).href, current });
    } catch {
      // an unparseable href announces nothing
    }
  };
  const robots = (await ctx.robots()).probe;
  if (ok200(robots) && !looksLikeHtml(robots.body)) {
    const agentmap = agentmapOf(robots.body);
    if (agentmap) add('Agentmap: no robots.txt', agentmap, true, robots.finalUrl);
  }
  const headerLinks = parseLinkHeader(ctx.home.headers.get('link'));
  for (const rel of [ARD_REL, ARD_LEGACY_REL]) {
    const current = rel === ARD_REL;
    for (const link of ctx.page.catalogLinks.filter((l) => l.rel === rel)) add(`<link rel="${rel}">`, link.href, current, ctx.home.finalUrl);
    for (const link of headerLinks.filter((l) => l.rel.includes(rel))) add(`Link rel="${rel}"`, link.href, current, ctx.home.finalUrl);
    add(current ? ARD_PATH : ARD_LEGACY_PATH, current ? ARD_PATH : ARD_LEGACY_PATH, current, `${ctx.origin}/`);
  }
  return found;
}

export const ard: CheckDefinition = {
  id: 'ard',
  nome: 'Catálogo ARD de recursos para agentes',
  camada: 'agentes',
  severidade: 'baixa',
  titulo: 'O catálogo ARD de recursos para agentes falta ou não está na forma atual',
  porque:
    'O catálogo ARD (Agentic Resource Discovery) lista num só arquivo os servidores MCP, agentes A2A, APIs e habilidades do site, com exemplos de perguntas que cada um responde; registros e agentes o usam para descobrir o que o site oferece sem instalar nada. O Lighthouse e o Is it agent ready? já o auditam.',
  comoCorrigir: FIX,
  referencia: 'https://github.com/ards-project/ard-spec',
  async run(ctx) {
    const places = await advertised(ctx);
    const broken: string[] = [];
    let found: { place: Advertised; doc: unknown; url: string } | undefined;
    for (const place of places) {
      const probe = await ctx.get(place.url, { accept: ACCEPT });
      const loaded = ok200(probe) && !looksLikeHtml(probe.body);
      const doc = loaded ? parseJson(probe.body) : undefined;
      if (!loaded || doc === undefined) {
        // The well-known paths are probes, not announcements: their absence is not a broken announcement.
        if (place.via !== ARD_PATH && place.via !== ARD_LEGACY_PATH) broken.push(place.via);
        continue;
      }
      found = { place, doc, url: probe.finalUrl };
      break;
    }
    if (!found) {
      const announced = broken.length ? ` O site anuncia um catálogo (${broken.join(', ')}), mas o endereço não respondeu com JSON.` : '';
      if (broken.length) return withVerdict(`Nenhum catálogo ARD legível.${announced}`, revisionOf('ard', 'invalido', { forma: 'anúncio para um endereço que não responde', migracao: FIX }));
      return missingInterface(ctx, `Nenhum catálogo ARD em ${ARD_PATH} (nem em ${ARD_LEGACY_PATH}, nem anunciado por Agentmap ou rel="ard").`);
    }
    const where = `${new URL(found.url).pathname} (${found.place.via})`;
    const validation = validateArdManifest(found.doc);
    if (validation.errors.length > 0) {
      return withVerdict(
        `Catálogo em ${where} com ${validation.errors.length} erro(s) de conformidade: ${validation.errors.slice(0, 4).join('; ')}.`,
        revisionOf('ard', 'invalido', { forma: 'catálogo fora do esquema', migracao: FIX }),
      );
    }
    const revisao = found.place.current
      ? revisionOf('ard', 'atual')
      : revisionOf('ard', 'legado', {
          forma: `v0.9: ${found.place.via}`,
          migracao: `Publique o mesmo catálogo em ${ARD_PATH} (o nome canônico desde a v0.91) e anuncie-o com rel="ard" (cabeçalho Link e <link>); mantenha ${ARD_LEGACY_PATH} como cópia para clientes antigos.`,
        });
    const entries = isObject(found.doc) && Array.isArray(found.doc.entries) ? found.doc.entries.length : 0;
    const notes = [...validation.warnings, ...(broken.length ? [`anúncio que não carrega: ${broken.join(', ')}`] : [])];
    const outcome = withVerdict(`Catálogo em ${where} com ${entries} entrada(s)${notes.length ? `; avisos: ${notes.slice(0, 2).join('; ')}` : ''}.`, revisao);
    // Conformance warnings (queries missing, broken announcements) cost half, as Lighthouse scores them.
    if (notes.length && outcome.status !== 'falhou') return { ...outcome, status: 'parcial', credito: Math.min(outcome.credito ?? 1, 0.5) };
    return outcome;
  },
};
