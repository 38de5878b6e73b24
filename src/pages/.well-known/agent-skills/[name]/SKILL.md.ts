import type { APIRoute, GetStaticPaths } from 'astro';
import { AGENT_SKILLS, renderSkill } from '../../../../lib/agent-discovery.ts';
import { markdown } from '../../../../lib/responses.ts';

export const getStaticPaths: GetStaticPaths = () => AGENT_SKILLS.map((skill) => ({ params: { name: skill.name } }));

/** One SKILL.md, byte for byte what index.json digests. */
export const GET: APIRoute = ({ params }) => {
  const skill = AGENT_SKILLS.find((s) => s.name === params.name);
  if (!skill) return new Response('Not Found', { status: 404 });
  return markdown(renderSkill(skill));
};
