import { ARD_LEGACY_PATH, ARD_LEGACY_REL, ARD_PATH, ARD_REL } from '../../../src/model/ard.ts';
import { plural } from '../../../src/model/plural.ts';
import { agentmapOf, validateArdManifest } from '../analysis/ard.ts';
import { parseLinkHeader } from '../analysis/link-header.ts';
import { looksLikeHtml } from '../analysis/llms.ts';
import { type Decisive, isObject, isResponse, type MeasurementContext, ok200, parseJson, type Probe } from '../context.ts';
import { answeredInstead, type Evidence, headerLine, sitePath, siteText } from '../evidence.ts';
import { revisionOf, withVerdict } from '../revision.ts';
import { missingInterface } from './api-signals.ts';
import type { CheckDefinition, CheckOutcome } from './types.ts';

const ACCEPT = 'application/ai-catalog+json, application/json;q=0.9, */*;q=0.5';

const FIX =
  'Publique /.well-known/ard.json com {"specVersion":"1.0","entries":[…]}: em cada entrada, identifier (urn:air:<seu-dominio>:<espaço>:<nome>), displayName, type (por exemplo application/mcp-server-card+json), url ou data, e de 2 a 5 representativeQueries. Anuncie-o com Link: </.well-known/ard.json>; rel="ard" e <link rel="ard">.';

interface Advertised {
  /** How it was found (our label: `Agentmap: no robots.txt`, `<link rel="ard">`, the well-known path…). */
  via: string;
  url: string;
  current: boolean;
  /** Where the site announced it (robots.txt line, `<link>`, `Link` header); absent for the well-known paths. */
  announcement?: Evidence;
}

/** A catalog address that gave no catalog, with what it answered instead. */
interface Unread {
  place: Advertised;
  probe: Probe;
  /** What it answered, in our words (`HTTP 404`, `uma página HTML`…). */
  answer: string;
  decisive: Decisive;
}

/**
 * Where the site announces its catalog, in ARD v0.91's discovery order (Agentmap: in robots.txt, `<link rel="ard">`,
 * `Link: rel="ard"`, the well-known path), then the v0.9 ways (`rel="ai-catalog"`, `/.well-known/ai-catalog.json`).
 */
async function advertised(ctx: MeasurementContext): Promise<Advertised[]> {
  const found: Advertised[] = [];
  const add = (via: string, href: string, current: boolean, base: string, announcement?: Evidence) => {
    try {
      found.push({ via, url: new URL(href, base).href, current, ...(announcement ? { announcement } : {}) });
    } catch {
      // an unparseable href announces nothing
    }
  };
  const robots = (await ctx.robots()).probe;
  if (ok200(robots) && !looksLikeHtml(robots.body)) {
    const agentmap = agentmapOf(robots.body);
    if (agentmap) add('Agentmap: no robots.txt', agentmap, true, robots.finalUrl, ctx.evidence(robots, { em: 'corpo', decisivo: `Agentmap: ${agentmap}` }));
  }
  const headerLinks = parseLinkHeader(ctx.home.headers.get('link'));
  for (const rel of [ARD_REL, ARD_LEGACY_REL]) {
    const current = rel === ARD_REL;
    for (const link of ctx.page.catalogLinks.filter((l) => l.rel === rel)) {
      add(`<link rel="${rel}">`, link.href, current, ctx.home.finalUrl, ctx.evidence(ctx.home, { em: 'corpo', decisivo: `<link rel="${rel}" href="${link.href}">` }));
    }
    for (const link of headerLinks.filter((l) => l.rel.includes(rel))) {
      add(`Link rel="${rel}"`, link.href, current, ctx.home.finalUrl, ctx.evidence(ctx.home, { em: 'cabecalho', decisivo: headerLine(ctx.home.headers, 'Link') }));
    }
    add(current ? ARD_PATH : ARD_LEGACY_PATH, current ? ARD_PATH : ARD_LEGACY_PATH, current, `${ctx.origin}/`);
  }
  return found;
}

/** What an address that should hold the catalog answered instead (our words and the evidence's deciding item). */
function unread(probe: Probe): { answer: string; decisive: Decisive } {
  if (!isResponse(probe)) return { answer: probe.code === 'refused_origin' ? 'em outra origem, não seguido' : 'sem resposta', decisive: {} };
  if (probe.status !== 200) return { answer: `HTTP ${probe.status}`, decisive: answeredInstead(probe) };
  if (looksLikeHtml(probe.body)) return { answer: 'uma página HTML', decisive: answeredInstead(probe) };
  return { answer: 'um corpo que não é JSON', decisive: { em: 'corpo', decisivo: 'o corpo não é JSON' } };
}

/** An address read from the site, for our sentences: its path on the measured origin, the whole URL elsewhere. */
const shown = (ctx: MeasurementContext, url: string): string => (ctx.onMeasuredOrigin(url) ? sitePath(url) : siteText(url));

/** A broken announcement in words: how it was announced, where it points, what came back. */
const describeUnread = (ctx: MeasurementContext, u: Unread): string => `${u.place.via} → ${shown(ctx, u.place.url)} (${u.answer})`;

export const ard: CheckDefinition = {
  id: 'ard',
  nome: 'Catálogo ARD de recursos para agentes',
  camada: 'agentes',
  severidade: 'baixa',
  titulo: 'O catálogo ARD de recursos para agentes falta ou não está na forma atual',
  tituloParcial: 'O catálogo ARD de recursos para agentes está só na forma anterior (v0.9)',
  porque:
    'O catálogo ARD (Agentic Resource Discovery) lista num só arquivo os servidores MCP, agentes A2A, APIs e habilidades do site, com exemplos de perguntas que cada um responde; registros e agentes o usam para descobrir o que o site oferece sem instalar nada. O Lighthouse e o Is it agent ready? já o auditam.',
  comoCorrigir: FIX,
  referencia: 'https://github.com/ards-project/ard-spec',
  async run(ctx): Promise<CheckOutcome> {
    const places = await advertised(ctx);
    const missed: Unread[] = [];
    let found: { place: Advertised; doc: unknown; probe: Probe; url: string } | undefined;
    for (const place of places) {
      const probe = await ctx.get(place.url, { accept: ACCEPT });
      const loaded = ok200(probe) && !looksLikeHtml(probe.body);
      const doc = loaded ? parseJson(probe.body) : undefined;
      if (!loaded || doc === undefined) {
        missed.push({ place, probe, ...unread(probe) });
        continue;
      }
      found = { place, doc, probe, url: probe.finalUrl };
      break;
    }
    // The well-known paths are probes, not announcements: their absence is not a broken announcement.
    const broken = missed.filter((m) => m.place.announcement);
    const brokenEvidence = broken.slice(0, 1).flatMap((b) => [ctx.evidence(b.probe, b.decisive), b.place.announcement as Evidence]);
    if (!found) {
      if (broken.length) {
        return withVerdict(
          `Nenhum catálogo ARD legível: o site anuncia um catálogo (${broken.map((b) => describeUnread(ctx, b)).join(', ')}), mas nenhum endereço anunciado respondeu com JSON.`,
          revisionOf('ard', 'invalido', { forma: 'anúncio para um endereço que não responde', migracao: FIX }),
          { evidencias: brokenEvidence },
        );
      }
      const evidencias = missed.filter((m) => !m.place.announcement).map((m) => ctx.evidence(m.probe, m.decisive));
      return missingInterface(ctx, `Nenhum catálogo ARD em ${ARD_PATH} (nem em ${ARD_LEGACY_PATH}, nem anunciado por Agentmap ou rel="ard").`, evidencias);
    }
    // The well-known paths speak for themselves; an announcement says how it led there.
    const where = found.place.announcement ? `${sitePath(found.url)} (${found.place.via})` : sitePath(found.url);
    const validation = validateArdManifest(found.doc);
    if (validation.errors.length > 0) {
      return withVerdict(
        `Catálogo em ${where} com ${plural(validation.errors.length, 'erro', 'erros')} de conformidade: ${validation.errors.slice(0, 4).join('; ')}.`,
        revisionOf('ard', 'invalido', { forma: 'catálogo fora do esquema', migracao: FIX }),
        { evidencias: [ctx.evidence(found.probe, { em: 'corpo', decisivo: validation.errors[0] })] },
      );
    }
    const legacy = !found.place.current;
    const revisao = legacy
      ? revisionOf('ard', 'legado', {
          forma: `v0.9: ${found.place.via}`,
          migracao: `Publique o mesmo catálogo em ${ARD_PATH} (o nome canônico desde a v0.91) e anuncie-o com rel="ard" (cabeçalho Link e <link>); mantenha ${ARD_LEGACY_PATH} como cópia para clientes antigos.`,
        })
      : revisionOf('ard', 'atual');
    const entries = isObject(found.doc) && Array.isArray(found.doc.entries) ? found.doc.entries.length : 0;
    const notes = [...validation.warnings, ...(broken.length ? [`anúncio que não carrega: ${broken.map((b) => describeUnread(ctx, b)).join(', ')}`] : [])];
    const catalog = ctx.evidence(found.probe, { em: 'corpo', decisivo: notes[0] ?? plural(entries, 'entrada', 'entradas') });
    // The legacy form is decided by the current name answering nothing: that answer first.
    const currentPath = missed.find((m) => m.place.via === ARD_PATH);
    const evidencias = legacy && currentPath ? [ctx.evidence(currentPath.probe, currentPath.decisive), catalog] : [catalog, ...brokenEvidence];
    const outcome = withVerdict(`Catálogo em ${where} com ${plural(entries, 'entrada', 'entradas')}${notes.length ? `; ${plural(notes.length, 'aviso', 'avisos')}: ${notes.slice(0, 2).join('; ')}` : ''}.`, revisao, { evidencias });
    if (!notes.length || outcome.status === 'falhou') return outcome;
    // Conformance warnings (queries missing, broken announcements) cost half, as Lighthouse scores them.
    return {
      ...outcome,
      status: 'parcial',
      credito: Math.min(outcome.credito ?? 1, 0.5),
      evidencias: legacy ? [catalog, ...evidencias.filter((e) => e !== catalog)] : evidencias,
      titulo: legacy ? 'O catálogo ARD está só na forma anterior (v0.9) e tem avisos de conformidade' : 'O catálogo ARD tem avisos de conformidade',
    };
  },
};
