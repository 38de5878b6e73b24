// WebMCP: read-only tools for agents running in the browser (document.modelContext, falling back to the
// older navigator.modelContext). They call the site's open endpoints: /ask, the markdown twins and
// /pricing.md. Where the API is absent this script does nothing and throws nothing.
(() => {
  const mc = (typeof document !== 'undefined' && document.modelContext) || (typeof navigator !== 'undefined' && navigator.modelContext);
  if (!mc || typeof mc.registerTool !== 'function') return;

  const text = (value) => ({ content: [{ type: 'text', text: value }] });
  const failure = (message) => ({ content: [{ type: 'text', text: message }], isError: true });
  const fetchText = async (path, accept) => {
    const res = await fetch(path, { headers: { Accept: accept }, credentials: 'omit' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return res.text();
  };
  const routeOf = (input) => {
    let path = String(input || '').trim();
    try {
      if (/^https?:\/\//i.test(path)) path = new URL(path).pathname;
    } catch {}
    path = path.split(/[?#]/)[0].replace(/^\/+|\/+$/g, '').replace(/\.(md|html)$/i, '');
    return path === '' ? 'index' : path;
  };

  const tools = [
    {
      name: 'search_site',
      title: 'Buscar no site',
      description: 'Busca por palavras-chave nas páginas do site (soluções, blog, preços, documentação). Devolve título, endereço, descrição e relevância.',
      inputSchema: {
        type: 'object',
        properties: {
          consulta: { type: 'string', minLength: 1, description: 'Palavras-chave em português.' },
          limite: { type: 'integer', minimum: 1, maximum: 20, description: 'Número máximo de resultados (padrão 8).' },
        },
        required: ['consulta'],
      },
      async execute(input) {
        const consulta = String((input && input.consulta) || '').trim();
        if (!consulta) return failure('Informe o que buscar.');
        const limite = Math.min(20, Math.max(1, Number((input && input.limite) || 8) || 8));
        const params = new URLSearchParams({ query: consulta, streaming: 'false', max_results: String(limite) });
        const res = await fetch(`/ask?${params}`, { headers: { Accept: 'application/json' }, credentials: 'omit' });
        if (!res.ok) return failure(`A busca falhou (HTTP ${res.status}).`);
        const { results = [] } = await res.json();
        const lines = results.map((r, i) => `${i + 1}. ${r.name} (${r.url}): ${r.description}`);
        return {
          content: [{ type: 'text', text: lines.length ? lines.join('\n') : `Nenhuma página contém "${consulta}".` }],
          structuredContent: { consulta, resultados: results },
        };
      },
    },
    {
      name: 'get_page',
      title: 'Ler uma página',
      description: 'Devolve uma página do site em markdown. A rota é o caminho sem barra inicial (a página inicial é "index").',
      inputSchema: {
        type: 'object',
        properties: { rota: { type: 'string', minLength: 1, description: 'Rota da página, ex.: solucoes/seo-tecnico ou index.' } },
        required: ['rota'],
      },
      async execute(input) {
        const rota = routeOf(input && input.rota);
        try {
          return text(await fetchText(`/${rota}.md`, 'text/markdown'));
        } catch (error) {
          return failure(`Página não encontrada ou indisponível: "${rota}" (${error.message}).`);
        }
      },
    },
    {
      name: 'get_pricing',
      title: 'Preços públicos',
      description: 'Devolve os preços públicos em markdown (/pricing.md): o diagnóstico pago, a medição gratuita e os serviços sob proposta.',
      inputSchema: { type: 'object', properties: {} },
      async execute() {
        try {
          return text(await fetchText('/pricing.md', 'text/markdown'));
        } catch (error) {
          return failure(`Os preços não puderam ser lidos agora (${error.message}).`);
        }
      },
    },
  ];

  for (const tool of tools) {
    try {
      const execute = async (input) => {
        try {
          return await tool.execute(input || {});
        } catch (error) {
          return failure(`${tool.name} falhou: ${error && error.message ? error.message : error}`);
        }
      };
      const pending = mc.registerTool({ ...tool, execute, annotations: { readOnlyHint: true } });
      if (pending && typeof pending.catch === 'function') pending.catch(() => {});
    } catch {
      // A tool with this name may already be registered (script loaded twice): nothing to do.
    }
  }
})();
