// Progressive enhancement of the free readiness measurement form (src/components/MeasurementForm.astro).
// Without this script the form posts normally and /api/ia/medicao answers an HTML result page. With it:
// the same POST as JSON asking for NDJSON progress (one line per finished check), a progress bar, then the
// result in place: the server's own rendering of it (the `html` of the `resultado` line, the same markup as
// the result page; rendered in one place, functions/readiness/result-page.ts), parsed inert with DOMParser.
// Messages are built with DOM APIs (textContent, setAttribute); no inline styles (the page CSP forbids them).
// Also loaded by the result pages (functions/readiness/result-page.ts) for the "copiar link" buttons and the report by
// e-mail.
import { MAX_DOMAIN_LENGTH, previewDomain } from './medicao-dominio.js';

const form = document.querySelector('form[data-medicao]');
const progress = document.querySelector('[data-medicao-progresso]');
const stage = document.querySelector('[data-medicao-etapa]');
const bar = document.querySelector('[data-medicao-barra]');
const output = document.querySelector('[data-medicao-saida]');

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== undefined && value !== null) node.setAttribute(name, String(value));
  for (const child of children) if (child !== null && child !== undefined) node.append(child instanceof Node ? child : String(child));
  return node;
}

function formatDate(iso) {
  if (!iso) return '';
  try {
    return new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
  } catch {
    return iso;
  }
}

/**
 * The result as the server rendered it (functions/readiness/result-page.ts, every value escaped there), parsed
 * into an inert document (DOMParser runs no script) and moved into the page. Undefined when the line has none.
 */
function serverResult(html) {
  if (typeof html !== 'string') return undefined;
  const section = new DOMParser().parseFromString(html, 'text/html').querySelector('section.medicao-resultado');
  if (!section) return undefined;
  const node = document.importNode(section, true);
  node.querySelector('h2')?.setAttribute('tabindex', '-1');
  return node;
}

/** A finished measurement without the server's rendering (an intermediary answered JSON): where to read it. */
function recordedMessage(leitura) {
  const address = leitura.enderecos && leitura.enderecos.leitura;
  return el(
    'div',
    { class: 'medicao-aviso', role: 'alert' },
    el('p', {}, el('strong', {}, 'Medição registrada. '), address ? el('a', { href: address }, 'Ver a leitura registrada') : `Consulte a leitura de ${leitura.dominio}.`),
  );
}

function renderMessage(title, message) {
  return el('div', { class: 'medicao-aviso', role: 'alert', tabindex: '-1' }, el('p', {}, el('strong', {}, `${title} `), message));
}

/**
 * After the limit message: the same offer and agents' link as the page without JavaScript, in the server's own
 * rendering (the form's no-JS answer to the same request; a refused request is not counted), parsed inert.
 */
async function limitExtras(site) {
  try {
    const response = await fetch(form.action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
      body: new URLSearchParams({ site }).toString(),
      credentials: 'same-origin',
    });
    if (response.status !== 429) return undefined;
    const extra = new DOMParser().parseFromString(await response.text(), 'text/html').querySelector('.medicao-limite-extra');
    return extra ? document.importNode(extra, true) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The "copiar" buttons of a result: its link, and the badge's snippets (hidden without JavaScript or a clipboard: the
 * plain link and the code stay). `data-copiado` / `data-copiar-falhou` word the status for what is copied.
 */
function enableCopy(root) {
  if (!navigator.clipboard || typeof navigator.clipboard.writeText !== 'function') return;
  for (const button of root.querySelectorAll('button[data-copiar]')) {
    if (button.dataset.pronto) continue;
    button.dataset.pronto = '1';
    button.hidden = false;
    const status = button.parentElement && button.parentElement.querySelector('[data-copiar-status]');
    button.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(button.dataset.copiar);
        if (status) status.textContent = button.dataset.copiado || 'Link copiado.';
      } catch {
        if (status) status.textContent = button.dataset.copiarFalhou || 'Não foi possível copiar: selecione o link acima e copie.';
      }
    });
  }
}
enableCopy(document);

function messageFor(status, body) {
  if (body && typeof body === 'object') {
    if (body.estado === 'limite' || body.estado === 'indisponivel') {
      const when = body.tentarEm ? ` Tente de novo a partir de ${formatDate(body.tentarEm)}.` : '';
      // The reason (paused, busy, the visitor's share) is the server's `motivo`; the title does not guess it.
      return [body.estado === 'limite' ? 'Não foi possível medir agora.' : 'Medidor indisponível.', `${body.motivo || ''}${when}`];
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

/** Shows a result or a message in place and moves focus to it, scrolled to the top of the screen (phones included). */
function show(...nodes) {
  output.replaceChildren(...nodes);
  const node = nodes[0];
  const target = node.querySelector('h2[tabindex]') || (node.hasAttribute('tabindex') ? node : null);
  enableCopy(output);
  if (target) {
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'center', behavior: 'instant' });
  }
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

// "Receber o relatório por e-mail" under a result (functions/report/form-html.ts), on the result page and in place:
// the same form POST sent with fetch, asking for JSON; the answer replaces the form (or is said in its status line).
// Listened for on the document, so a result shown in place later is covered too. The browser's own checks (a
// required e-mail, the consent box) run before; a network failure falls back to the plain post.
document.addEventListener('submit', async (event) => {
  const target = event.target;
  if (!(target instanceof HTMLFormElement) || !target.matches('form[data-relatorio]') || !window.fetch) return;
  event.preventDefault();
  const status = target.querySelector('[data-relatorio-status]');
  const button = target.querySelector('button[type="submit"]');
  if (button) button.disabled = true;
  if (status) status.textContent = 'Enviando o pedido…';
  let response;
  try {
    response = await fetch(target.action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams(new FormData(target)).toString(),
      credentials: 'same-origin',
    });
  } catch {
    target.submit();
    return;
  }
  const body = await response.json().catch(() => null);
  if (button) button.disabled = false;
  if (response.ok && body && body.recebido) {
    const done = el('p', { class: 'relatorio-feito', role: 'status', tabindex: '-1' }, body.mensagem || 'Pedido recebido.');
    target.replaceWith(done);
    done.focus();
    return;
  }
  const message = body && body.error_description ? body.error_description : `O servidor respondeu ${response.status}. Tente de novo em instantes.`;
  if (status) {
    status.textContent = message;
    status.classList.add('relatorio-erro');
  }
});

// Which domain will be measured, as the person types or pastes (the server's reduction, mirrored).
const siteField = form && form.querySelector('input[name="site"]');
const preview = document.querySelector('[data-medicao-previa]');
if (siteField && preview) {
  const update = () => {
    const value = siteField.value.trim();
    const result = value ? previewDomain(value) : {};
    if (result.domain) preview.textContent = `Vamos medir: ${result.domain}`;
    else if (result.tooLong) preview.textContent = `Domínio longo demais: ${result.tooLong} caracteres; o limite é ${MAX_DOMAIN_LENGTH}.`;
    else preview.textContent = '';
  };
  siteField.addEventListener('input', update);
  update();
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
        if (response.ok && body && body.dominio) show(recordedMessage(body));
        else {
          const [title, message] = messageFor(response.status, body);
          const extra = response.status === 429 && body && body.error === 'rate_limited' ? await limitExtras(site) : undefined;
          show(renderMessage(title, message), ...(extra ? [extra] : []));
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
          show(serverResult(message.html) || recordedMessage(message.leitura));
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
