// Progressive enhancement of the free readiness measurement form (src/components/MeasurementForm.astro).
// Without this script the form posts normally and /api/ia/medicao answers an HTML result page. With it:
// the same POST as JSON asking for NDJSON progress (one line per finished check), a progress bar, then the
// result rendered in place with the same classes as the server-rendered page (/medicao.css). DOM APIs only
// (textContent, setAttribute): no innerHTML with data, no inline styles (the page CSP forbids them).
const form = document.querySelector('form[data-medicao]');
const progress = document.querySelector('[data-medicao-progresso]');
const stage = document.querySelector('[data-medicao-etapa]');
const bar = document.querySelector('[data-medicao-barra]');
const output = document.querySelector('[data-medicao-saida]');

const SVG = 'http://www.w3.org/2000/svg';
const STATUS = { passou: 'passou', parcial: 'parcial', falhou: 'falhou', nao_se_aplica: 'não se aplica' };
const SEVERIDADE = { critica: 'crítica', alta: 'alta', media: 'média', baixa: 'baixa' };

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== undefined && value !== null) node.setAttribute(name, String(value));
  for (const child of children) if (child !== null && child !== undefined) node.append(child instanceof Node ? child : String(child));
  return node;
}

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  for (const child of children) node.append(child instanceof Node ? child : String(child));
  return node;
}

const grauClass = (grau) => (grau ? `grau-${grau[0].toLowerCase()}` : 'grau-nenhum');
const layerBand = (nota) => (nota >= 85 ? 'A' : nota >= 70 ? 'B' : nota >= 55 ? 'C' : nota >= 40 ? 'D' : 'F');

function formatDate(iso) {
  if (!iso) return '';
  try {
    return new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
  } catch {
    return iso;
  }
}

function gauge(nota, grau) {
  const r = 52;
  const c = 2 * Math.PI * r;
  const filled = (Math.max(0, Math.min(100, nota)) / 100) * c;
  return svg(
    'svg',
    { class: 'medicao-gauge', viewBox: '0 0 120 120', width: 160, height: 160, role: 'img', 'aria-label': `Nota ${nota} de 100, grau ${grau}` },
    svg('circle', { class: 'gauge-trilha', cx: 60, cy: 60, r, fill: 'none', 'stroke-width': 12 }),
    svg('circle', {
      class: `gauge-valor ${grauClass(grau)}`, cx: 60, cy: 60, r, fill: 'none', 'stroke-width': 12, 'stroke-linecap': 'round',
      'stroke-dasharray': `${filled.toFixed(2)} ${c.toFixed(2)}`, transform: 'rotate(-90 60 60)',
    }),
    svg('text', { class: 'gauge-nota', x: 60, y: 60, 'text-anchor': 'middle', 'dominant-baseline': 'middle' }, String(nota)),
    svg('text', { class: 'gauge-grau', x: 60, y: 90, 'text-anchor': 'middle' }, grau),
  );
}

function layerBar(nota) {
  const value = nota ?? 0;
  return svg(
    'svg',
    { class: 'medicao-barra', viewBox: '0 0 100 8', preserveAspectRatio: 'none', width: '100%', height: 8, 'aria-hidden': 'true' },
    svg('rect', { class: 'barra-fundo', x: 0, y: 0, width: 100, height: 8 }),
    svg('rect', { class: `barra-valor ${nota === null ? 'grau-nenhum' : grauClass(layerBand(value))}`, x: 0, y: 0, width: value, height: 8 }),
  );
}

function renderResult(leitura) {
  const section = el('section', { class: 'medicao-resultado', 'aria-labelledby': 'medicao-resultado-titulo' });
  const title = el('h2', { id: 'medicao-resultado-titulo', tabindex: '-1' }, 'Resultado para ', el('span', { class: 'medicao-dominio' }, leitura.dominio));
  section.append(title);

  if (leitura.estado === 'registrada' && typeof leitura.nota === 'number' && leitura.grau) {
    const texto = el(
      'div',
      { class: 'medicao-resumo-texto' },
      el('p', { class: 'medicao-nota' }, el('strong', {}, `Nota ${leitura.nota} de 100`), ', grau ', el('strong', {}, leitura.grau), '.'),
    );
    if (leitura.teto) texto.append(el('p', { class: 'medicao-teto' }, `A nota foi limitada a ${leitura.teto.nota} por uma lacuna grave: ${leitura.teto.motivo}.`));
    texto.append(el('p', { class: 'small' }, `Medido em ${formatDate(leitura.medidoEm)}. ${leitura.lacunas.length} lacuna(s) encontrada(s).`));
    const scope = scopeText(leitura);
    if (scope) texto.append(el('p', { class: 'small medicao-escopo' }, scope));
    section.append(el('div', { class: 'medicao-resumo' }, gauge(leitura.nota, leitura.grau), texto));

    section.append(el('h3', {}, 'Camadas'));
    const list = el('ul', { class: 'medicao-camadas' });
    for (const camada of leitura.camadas) {
      list.append(
        el('li', {}, el('span', { class: 'camada-nome' }, camada.nome), layerBar(camada.nota), el('span', { class: 'camada-nota' }, camada.nota === null ? 'não se aplica' : String(camada.nota))),
      );
    }
    section.append(list);
  } else {
    section.append(
      el(
        'div',
        { class: 'medicao-aviso' },
        el('p', {}, el('strong', {}, 'Medição sem nota. '), leitura.motivo || 'A medição não chegou a um resultado confiável.'),
        el('p', { class: 'small' }, `Medido em ${formatDate(leitura.medidoEm)}. Não damos nota quando a leitura não é confiável: isso evita um grau enganoso.`),
      ),
    );
  }

  if (leitura.lacunas.length) {
    section.append(el('h3', {}, 'Lacunas e como corrigir'));
    const ol = el('ol', { class: 'medicao-lacunas' });
    for (const lacuna of leitura.lacunas) {
      const li = el(
        'li',
        { class: `lacuna sev-${lacuna.severidade}` },
        el('h4', {}, `${lacuna.titulo} `, el('span', { class: 'selo' }, SEVERIDADE[lacuna.severidade] || lacuna.severidade)),
        el('p', {}, el('strong', {}, 'Por que importa: '), lacuna.porque),
        el('p', {}, el('strong', {}, 'Como corrigir: '), lacuna.comoCorrigir),
      );
      if (lacuna.referencia) li.append(el('p', { class: 'small' }, el('a', { href: lacuna.referencia, rel: 'noopener' }, 'Referência')));
      ol.append(li);
    }
    section.append(ol);
  }

  if (leitura.camadas.length) {
    section.append(el('h3', {}, 'Todas as verificações'));
    for (const camada of leitura.camadas) {
      const ul = el('ul', { class: 'medicao-verificacoes' });
      for (const v of camada.verificacoes) {
        ul.append(
          el(
            'li',
            { class: `status-${v.status}` },
            el('span', { class: 'selo' }, STATUS[v.status] || v.status),
            ' ',
            el('strong', {}, v.nome),
            ' ',
            el('span', { class: 'small' }, `(${v.pontos} de ${v.peso})`),
            el('br'),
            v.detalhe,
          ),
        );
      }
      section.append(
        el('details', { class: 'medicao-camada' }, el('summary', {}, `${camada.nome}: ${camada.nota === null ? 'não se aplica' : `${camada.nota} de 100`}`), ul),
      );
    }
  }

  const origin = window.location.origin;
  const leituraUrl = leitura.enderecos?.leitura || `${origin}/api/ia/leitura?site=${encodeURIComponent(leitura.dominio)}`;
  const apiUrl = leitura.enderecos?.api || `${origin}/api/v1/prontidao/${encodeURIComponent(leitura.dominio)}`;
  section.append(
    el('h3', {}, 'Leitura registrada'),
    el('p', {}, 'Esta leitura fica registrada e pode ser consultada depois, sem medir de novo:'),
    el(
      'ul',
      { class: 'medicao-enderecos' },
      el('li', {}, el('a', { href: leituraUrl }, el('code', {}, leituraUrl)), ' (sem token)'),
      el('li', {}, el('code', {}, apiUrl), ' (API v1, escopo ', el('code', {}, 'prontidao.read'), ')'),
    ),
    el('p', { class: 'small' }, el('a', { href: '/diagnostico-de-visibilidade-cognitiva/como-pontuamos' }, 'Como a nota é calculada')),
  );
  return section;
}

function renderMessage(title, message) {
  return el('div', { class: 'medicao-aviso', role: 'alert' }, el('p', {}, el('strong', {}, `${title} `), message));
}

function messageFor(status, body) {
  if (body && typeof body === 'object') {
    if (body.estado === 'limite' || body.estado === 'indisponivel') {
      const when = body.tentarEm ? ` Tente de novo a partir de ${formatDate(body.tentarEm)}.` : '';
      return [body.estado === 'limite' ? 'Medidor ocupado.' : 'Medidor indisponível.', `${body.motivo || ''}${when}`];
    }
    if (body.error_description) {
      const titles = { 400: 'Domínio inválido.', 413: 'Pedido grande demais.', 415: 'Formato não aceito.', 429: 'Limite atingido.', 503: 'Medidor indisponível.' };
      return [titles[status] || 'Não foi possível medir.', body.error_description];
    }
  }
  return ['Não foi possível medir.', `O servidor respondeu ${status}. Tente de novo em instantes.`];
}

function setBusy(busy) {
  const button = form.querySelector('button[type="submit"]');
  if (button) button.disabled = busy;
  form.setAttribute('aria-busy', busy ? 'true' : 'false');
  progress.hidden = !busy;
}

function show(node) {
  output.replaceChildren(node);
  const heading = node.querySelector('h2[tabindex]');
  if (heading) heading.focus();
}

async function readLines(response, onLine) {
  if (!response.body || typeof response.body.getReader !== 'function') {
    for (const line of (await response.text()).split('\n')) if (line.trim()) onLine(JSON.parse(line));
    return;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let index;
    while ((index = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, index).trim();
      buffer = buffer.slice(index + 1);
      if (line) onLine(JSON.parse(line));
    }
  }
  if (buffer.trim()) onLine(JSON.parse(buffer));
}

if (form && progress && stage && bar && output && window.fetch) {
  form.addEventListener('submit', async (event) => {
    const site = String(new FormData(form).get('site') || '').trim();
    if (!site) return; // let the browser's required-field message show
    event.preventDefault();
    setBusy(true);
    output.replaceChildren();
    stage.textContent = `Conectando a ${site}…`;
    bar.value = 2;
    let finished = false;
    try {
      const response = await fetch(form.action, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson, application/json;q=0.9' },
        body: JSON.stringify({ site }),
        credentials: 'same-origin',
      });
      if (!response.ok || !(response.headers.get('content-type') || '').includes('ndjson')) {
        const body = await response.json().catch(() => null);
        if (response.ok && body && body.dominio) show(renderResult(body));
        else {
          const [title, message] = messageFor(response.status, body);
          show(renderMessage(title, message));
        }
        finished = true;
        return;
      }
      await readLines(response, (message) => {
        if (message.tipo === 'progresso') {
          bar.value = Math.round((100 * message.feitas) / message.total);
          stage.textContent = `Verificado: ${message.nome} (${message.feitas} de ${message.total})`;
        } else if (message.tipo === 'resultado') {
          bar.value = 100;
          show(renderResult(message.leitura));
          finished = true;
        } else if (message.tipo === 'erro') {
          const [title, text] = messageFor(message.status, message.leitura || { error_description: message.mensagem });
          show(renderMessage(title, text));
          finished = true;
        }
      });
      if (!finished) show(renderMessage('Medição interrompida.', 'A conexão terminou antes do resultado. Tente de novo.'));
    } catch {
      // Network failure of the enhanced path: fall back to the plain form post (server-rendered result).
      if (!finished) {
        setBusy(false);
        form.submit();
        return;
      }
    } finally {
      setBusy(false);
    }
  });
}

// WebMCP: the measurement as a tool for agents in the browser, described once by the form's declarative
// attributes (toolname, tooldescription, toolparamdescription). A browser that reads declarative forms itself
// exposes 'toolName' on the form; elsewhere the same tool is registered here. Not read-only: every measurement is
// recorded and counts towards the visitor's limit.
const modelContext = document.modelContext || navigator.modelContext;
const siteInput = form && form.querySelector('input[name="site"]');
if (form && siteInput && !('toolName' in form) && modelContext && typeof modelContext.registerTool === 'function' && window.fetch) {
  try {
    const pending = modelContext.registerTool({
      name: form.getAttribute('toolname'),
      description: form.getAttribute('tooldescription'),
      inputSchema: {
        type: 'object',
        properties: { site: { type: 'string', description: siteInput.getAttribute('toolparamdescription') } },
        required: ['site'],
      },
      async execute(input) {
        const site = String((input && input.site) || '').trim();
        const response = await fetch(form.action, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ site }),
          credentials: 'same-origin',
        });
        const body = await response.json().catch(() => null);
        if (response.ok && body && body.dominio) return { content: [{ type: 'text', text: JSON.stringify(body) }] };
        const [title, message] = messageFor(response.status, body);
        return { content: [{ type: 'text', text: `${title} ${message}` }], isError: true };
      },
    });
    if (pending && typeof pending.catch === 'function') pending.catch(() => {});
  } catch {
    // Already registered (script loaded twice) or refused by the browser: the form still works.
  }
}

/** What the reading covered (same text as scopeText in functions/readiness/result-page.ts). */
function scopeText(leitura) {
  const parts = [];
  if (leitura.amostra) {
    const { paginas, linksDoLlmsTxt, cortada } = leitura.amostra;
    parts.push(`Amostra: ${paginas} página(s) e ${linksDoLlmsTxt} link(s) do llms.txt lidos${cortada ? ' (o tempo da medição cortou a amostra)' : ''}.`);
  }
  if (leitura.interfaces) {
    parts.push(leitura.interfaces.exigidas ? 'Interfaces para agentes cobradas: o site mostra sinais de API ou aplicação.' : 'Interfaces para agentes fora da conta: o site não mostra sinais de API ou aplicação.');
  }
  return parts.length ? parts.join(' ') : undefined;
}
