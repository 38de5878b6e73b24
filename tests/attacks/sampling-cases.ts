/**
 * Sampling attack table of the readiness instrument (issue 14), kept as data: since the instrument reads a
 * sample of pages, every llms.txt link, sitemap indexes and the links inside twins, a hostile site can try to
 * make it fetch without end. Each row is a site (path → response, `{origin}` replaced, pattern paths by
 * prefix) and the bounds the measurement must keep. Run by tests/integration/readiness-corpus.test.ts.
 */
export interface SamplingResponse {
  status: number;
  type: string;
  body: string;
  headers?: Record<string, string>;
}

export interface SamplingCase {
  name: string;
  /** Exact paths, then prefixes ending in `*`; anything else answers 404. */
  responses: Record<string, (path: string) => SamplingResponse>;
  /** Most requests the site may receive in one measurement. */
  maxRequests: number;
  /** Most requests under a path prefix. */
  maxUnder?: [prefix: string, count: number];
}

const TEXT = 'Um parágrafo comum de uma página de conteúdo, com texto suficiente para contar como texto no servidor. '.repeat(8);
const page = (extraHead = ''): SamplingResponse => ({
  status: 200,
  type: 'text/html; charset=utf-8',
  body: `<!doctype html><html lang="pt-BR"><head><title>Página</title><meta name="description" content="Uma página.">${extraHead}</head><body><main><h1>Página</h1><p>${TEXT}</p></main></body></html>`,
});
const xml = (body: string): SamplingResponse => ({ status: 200, type: 'application/xml', body: `<?xml version="1.0"?>${body}` });
const md = (body: string): SamplingResponse => ({ status: 200, type: 'text/markdown; charset=utf-8', body });

export const SAMPLING_CASES: SamplingCase[] = [
  {
    name: 'llms.txt com 5.000 links para o próprio site',
    responses: {
      '/': () => page(),
      '/llms.txt': () => md(`# Hostil\n\n> Muitos links.\n\n## Páginas\n\n${Array.from({ length: 5_000 }, (_, i) => `- [P${i}]({origin}/p/${i}.md)`).join('\n')}\n`),
      '/p/*': () => md(`# Página\n\n${TEXT}\n`),
    },
    maxRequests: 400,
    maxUnder: ['/p/', 250],
  },
  {
    name: 'índice de sitemaps com 1.000 índices que apontam para si mesmos',
    responses: {
      '/': () => page(),
      '/sitemap.xml': () => xml(`<sitemapindex>${Array.from({ length: 1_000 }, (_, i) => `<sitemap><loc>{origin}/s/${i}.xml</loc></sitemap>`).join('')}</sitemapindex>`),
      '/s/*': (path) => xml(`<sitemapindex>${Array.from({ length: 1_000 }, (_, i) => `<sitemap><loc>{origin}${path}?${i}</loc></sitemap>`).join('')}</sitemapindex>`),
    },
    maxRequests: 80,
    maxUnder: ['/s/', 5],
  },
  {
    name: 'sitemap com 50.000 páginas, cada uma anunciando 50 gêmeos com 10.000 links',
    responses: {
      '/': () => page(Array.from({ length: 50 }, (_, i) => `<link rel="alternate" type="text/markdown" href="/g/${i}.md">`).join('')),
      '/sitemap.xml': () => xml(`<urlset>${Array.from({ length: 50_000 }, (_, i) => `<url><loc>{origin}/pagina/${i}</loc></url>`).join('')}</urlset>`),
      '/pagina/*': () => page(Array.from({ length: 50 }, (_, i) => `<link rel="alternate" type="text/markdown" href="/g/${i}.md">`).join('')),
      '/g/*': () => md(`# Gêmeo\n\n${TEXT}\n\n${Array.from({ length: 10_000 }, (_, i) => `[L${i}](/l/${i})`).join(' ')}\n`),
    },
    maxRequests: 400,
    maxUnder: ['/l/', 100],
  },
];
