import { isObject, ok200, parseJson } from '../context.ts';
import { siteText } from '../evidence.ts';
import { AGENT_CARD_PATHS, missingInterface } from './api-signals.ts';
import { type CheckDefinition, partial, passed } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

export const a2aCartao: CheckDefinition = {
  id: 'a2a-cartao',
  nome: 'Cartão de agente A2A',
  camada: 'agentes',
  severidade: 'baixa',
  titulo: 'Não há cartão de agente A2A',
  tituloParcial: 'O cartão de agente A2A está incompleto',
  porque: 'O cartão de agente (protocolo A2A) descreve um agente que o site oferece, as suas habilidades e como falar com ele, para que outros agentes deleguem tarefas sem integração manual.',
  comoCorrigir:
    'Se o site oferece um agente ou uma interface que agentes possam chamar, publique /.well-known/agent-card.json com name, description, version, supportedInterfaces (url, protocolBinding, protocolVersion), capabilities, defaultInputModes, defaultOutputModes e skills.',
  referencia: 'https://a2a-protocol.org/latest/specification/',
  async run(ctx) {
    let first;
    for (const path of AGENT_CARD_PATHS) {
      const probe = await ctx.get(path, { accept: 'application/json' });
      first ??= probe;
      if (!ok200(probe)) continue;
      const card = parseJson(probe.body);
      if (!isObject(card)) continue;
      const skills = Array.isArray(card.skills) ? card.skills.filter(isObject) : [];
      const interfaces = Array.isArray(card.supportedInterfaces) ? card.supportedInterfaces.filter((i) => isObject(i) && typeof i.url === 'string') : [];
      const missing = [
        typeof card.name !== 'string' && 'name',
        typeof card.description !== 'string' && 'description',
        typeof card.version !== 'string' && 'version',
        !isObject(card.capabilities) && 'capabilities',
        skills.length === 0 && 'skills',
        interfaces.length === 0 && typeof card.url !== 'string' && 'supportedInterfaces',
        skills.some((s) => typeof s.id !== 'string' || typeof s.name !== 'string' || typeof s.description !== 'string') && 'id/name/description em skills',
      ].filter(Boolean) as string[];
      const evidencias = [ctx.evidence(probe, { em: 'corpo', decisivo: missing.length ? `sem ${missing.join(', ')}` : `name: ${card.name as string}` })];
      if (missing.length === 0) return passed(`Cartão em ${path}: ${siteText(card.name as string)} com ${plural(skills.length, 'habilidade', 'habilidades')}.`, { evidencias });
      return partial(Math.max(0.25, 1 - missing.length / 6), `Cartão em ${path} sem ${missing.join(', ')}.`, { evidencias });
    }
    return missingInterface(ctx, 'Nenhum cartão em /.well-known/agent-card.json.', first ? [ctx.evidence(first, { em: 'status' })] : []);
  },
};
