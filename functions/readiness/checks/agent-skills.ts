import { createHash } from 'node:crypto';
import { splitFrontMatter } from '../analysis/front-matter.ts';
import { isObject, ok200, parseJson } from '../context.ts';
import { siteText } from '../evidence.ts';
import { missingInterface } from './api-signals.ts';
import { type CheckDefinition, partial, passed } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Characters of a SKILL.md searched for its front matter (it opens the file). */
export const SKILL_FRONT_MATTER_MAX = 64 * 1024;

/** Whether a SKILL.md opens with a `---` front matter that has a `name:` (read with `splitFrontMatter`, linear). */
export function frontMatterHasName(text: string): boolean {
  const { fields } = splitFrontMatter(text, SKILL_FRONT_MATTER_MAX);
  return fields !== undefined && fields.split('\n').some((line) => line.startsWith('name:') && line.slice(5).trim() !== '');
}

export const agentSkills: CheckDefinition = {
  id: 'agent-skills',
  nome: 'Índice de habilidades para agentes',
  camada: 'agentes',
  severidade: 'baixa',
  titulo: 'Não há índice de habilidades (agent skills)',
  tituloParcial: 'O índice de habilidades (agent skills) tem problemas',
  porque: 'Um índice de habilidades (SKILL.md) ensina a um agente, em poucas linhas, como realizar tarefas no site: consultar a API, contratar um serviço, obter um token. O agente aprende o procedimento sem tentativa e erro.',
  comoCorrigir:
    'Publique /.well-known/agent-skills/index.json com skills: [{ name, type: "skill-md", description, url, digest: "sha256:…" }] e cada SKILL.md (frontmatter com name e description, depois as instruções) no endereço indicado.',
  referencia: 'https://agentskills.io/',
  async run(ctx) {
    let firstProbe;
    for (const path of ['/.well-known/agent-skills/index.json', '/.well-known/skills/index.json']) {
      const probe = await ctx.get(path, { accept: 'application/json' });
      firstProbe ??= probe;
      if (!ok200(probe)) continue;
      const index = parseJson(probe.body);
      // Not JSON at all (a soft 404 or an app shell answering every path): no index here.
      if (!isObject(index)) continue;
      const indexEvidence = (decisivo: string) => [ctx.evidence(probe, { em: 'corpo', decisivo })];
      if (!Array.isArray(index.skills)) return partial(0.25, `${path} responde, mas sem a lista skills.`, { evidencias: indexEvidence('sem "skills"') });
      const skills = index.skills.filter(isObject);
      if (skills.length === 0) return partial(0.25, `${path} com a lista skills vazia.`, { evidencias: indexEvidence('"skills": []') });
      const problems: string[] = [];
      const bad = skills.filter((s) => typeof s.name !== 'string' || !NAME.test(s.name) || typeof s.description !== 'string');
      if (bad.length) problems.push(`${plural(bad.length, 'habilidade', 'habilidades')} sem name válido ou description`);
      const first = skills.find((s) => typeof s.url === 'string');
      const evidencias = indexEvidence(plural(skills.length, 'habilidade', 'habilidades'));
      let verified = false;
      let elsewhere: string | undefined;
      if (!first) problems.push('nenhuma habilidade com url');
      else {
        let target: string | undefined;
        try {
          target = new URL(first.url as string, probe.finalUrl).href;
        } catch {
          problems.push(`url inválida: ${siteText(first.url as string)}`);
        }
        // A SKILL.md on another origin is not fetched (the reader contacts only the measured origin): reported.
        if (target && !ctx.onMeasuredOrigin(target)) elsewhere = target;
        else if (target) {
          const skill = await ctx.get(target, { accept: 'text/markdown, text/plain;q=0.9, */*;q=0.5' });
          const url = siteText(first.url as string);
          if (!ok200(skill)) {
            problems.push(`${url} não responde 200`);
            evidencias.unshift(ctx.evidence(skill, { em: 'status' }));
          } else {
            verified = true;
            if (!frontMatterHasName(skill.body)) problems.push(`${url} sem frontmatter com name`);
            if (typeof first.digest === 'string') {
              const digest = `sha256:${createHash('sha256').update(skill.body, 'utf8').digest('hex')}`;
              if (digest !== first.digest) problems.push(`digest de ${siteText(String(first.name))} não confere com o arquivo servido`);
            }
            evidencias.push(ctx.evidence(skill, { em: 'corpo', decisivo: problems.length ? problems.join('; ') : 'front matter com name' }));
          }
        }
      }
      const note = elsewhere ? `; ${siteText(String(first?.name))} fica em ${siteText(elsewhere)}, fora da origem medida, e não foi verificada` : verified ? `; ${siteText(String(first?.name))} verificada` : '';
      if (problems.length === 0) return passed(`${path} com ${plural(skills.length, 'habilidade', 'habilidades')}${note}.`, { evidencias });
      return partial(Math.max(0.25, 1 - 0.25 * problems.length), `${path} com ${plural(skills.length, 'habilidade', 'habilidades')}, mas: ${problems.join('; ')}${note}.`, { evidencias });
    }
    return missingInterface(ctx, 'Nenhum índice em /.well-known/agent-skills/index.json.', firstProbe ? [ctx.evidence(firstProbe, { em: 'status' })] : []);
  },
};
