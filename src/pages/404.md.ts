import type { APIRoute } from 'astro';
import { siteOrigin } from '../config/site.ts';
import { markdown } from '../lib/responses.ts';

/** The markdown 404, served by the negotiation when markdown was asked for an unknown address. */
export const GET: APIRoute = () => {
  const origin = siteOrigin();
  return markdown(
    `# Página não encontrada\n\n> Não existe página neste endereço.\n\nConsulte o índice do site em ${origin}/llms.txt, a busca em ${origin}/agentes/indice.json ou a página inicial em ${origin}/index.md.\n`,
  );
};
