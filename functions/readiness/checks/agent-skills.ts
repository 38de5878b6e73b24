import { createHash } from 'node:crypto';
import { isObject, ok200, parseJson } from '../context.ts';
import { missingInterface } from './api-signals.ts';
import { type CheckDefinition, partial, passed } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Characters of a SKILL.md searched for its front matter (it opens the file). */
export const SKILL_FRONT_MATTER_MAX = 64 * 1024;

/**
 * Whether a SKILL.md opens with a `---` front matter that has a `name:`. Read line by line with indexOf
 * (no regular expression over the whole file: a lazy `[\s\S]*?` pattern is quadratic on hostile files).
 */
export function frontMatterHasName(text: string): boolean {
  const head = text.slice(0, SKILL_FRONT_MATTER_MAX);
  const firstBreak = head.indexOf('\n');
  if (!head.startsWith('---') || firstBreak < 0 || head.slice(3, firstBreak).trim() !== '') return false;
  const end = head.indexOf('\n---', firstBreak);
  if (end < 0) return false;
  return head
    .slice(firstBreak + 1, end)
    .split('\n')
    .some((line) => line.startsWith('name:') && line.slice(5).trim() !== '');
}

export const agentSkills: CheckDefinition = {
  id: 'agent-skills',
  nome: 'Índice de habilidades para agentes',
  camada: 'agentes',
  severidade: 'baixa',
  titulo: 'Não há índice de habilidades (agent skills)',
  porque: 'Um índice de habilidades (SKILL.md) ensina a um agente, em poucas linhas, como realizar tarefas no site: consultar a API, contratar um serviço, obter um token. O agente aprende o procedimento sem tentativa e erro.',
  comoCorrigir:
    'Publique /.well-known/agent-skills/index.json com skills: [{ name, type: "skill-md", description, url, digest: "sha256:…" }] e cada SKILL.md (frontmatter com name e description, depois as instruções) no endereço indicado.',
  referencia: 'https://agentskills.io/',
  async run(ctx) {
    for (const path of ['/.well-known/agent-skills/index.json', '/.well-known/skills/index.json']) {
      const probe = await ctx.get(path, { accept: 'application/json' });
      if (!ok200(probe)) continue;
      const index = parseJson(probe.body);
      // Not JSON at all (a soft 404 or an app shell answering every path): no index here.
      if (!isObject(index)) continue;
      if (!Array.isArray(index.skills)) return partial(0.25, `${path} responde, mas sem a lista skills.`);
      const skills = index.skills.filter(isObject);
      if (skills.length === 0) return partial(0.25, `${path} com a lista skills vazia.`);
      const problems: string[] = [];
      const bad = skills.filter((s) => typeof s.name !== 'string' || !NAME.test(s.name) || typeof s.description !== 'string');
      if (bad.length) problems.push(`${plural(bad.length, 'habilidade', 'habilidades')} sem name válido ou description`);
      const first = skills.find((s) => typeof s.url === 'string');
      if (!first) problems.push('nenhuma habilidade com url');
      else {
        const skill = await ctx.get(new URL(first.url as string, probe.finalUrl).href, { accept: 'text/markdown, text/plain;q=0.9, */*;q=0.5' });
        if (!ok200(skill)) problems.push(`${first.url as string} não responde 200`);
        else {
          if (!frontMatterHasName(skill.body)) problems.push(`${first.url as string} sem frontmatter com name`);
          if (typeof first.digest === 'string') {
            const digest = `sha256:${createHash('sha256').update(skill.body, 'utf8').digest('hex')}`;
            if (digest !== first.digest) problems.push(`digest de ${first.name as string} não confere com o arquivo servido`);
          }
        }
      }
      if (problems.length === 0) return passed(`${path} com ${plural(skills.length, 'habilidade', 'habilidades')}; ${first?.name as string} verificada.`);
      return partial(Math.max(0.25, 1 - 0.25 * problems.length), `${path} com ${plural(skills.length, 'habilidade', 'habilidades')}, mas: ${problems.join('; ')}.`);
    }
    return missingInterface(ctx, 'Nenhum índice em /.well-known/agent-skills/index.json.');
  },
};
