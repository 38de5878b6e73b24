import { classifyNlweb, type NlwebAnswer } from '../analysis/nlweb.ts';
import { isResponse, type Probe } from '../context.ts';
import { revisionOf, withVerdict } from '../revision.ts';
import { type CheckDefinition, notApplicable } from './types.ts';

/** A harmless query every site can answer (or answer with nothing). */
const QUERY = 'contato';
const MAX_BYTES = 256 * 1024;
const STREAM_ACCEPT = 'text/event-stream, application/json;q=0.9';

const answerOf = (probe: Probe): NlwebAnswer => (isResponse(probe) && probe.status === 200 ? classifyNlweb(probe.contentType, probe.body) : { dialeto: 'nenhum' });

const MIGRATION =
  'Para consultas com query em objeto ({"query":{"text":"…"}}), responda em fluxo com os eventos nomeados do NLWeb 0.55: event: start (com _meta), um event: result por item ({"index":n,"item":{…}}) e event: complete. Mantenha o formato anterior para consultas em texto.';

const LEGACY_FORMS: Record<'v054' | 'message_type' | 'json', string> = {
  v054: '0.54: eventos data: sem nome ({"_meta"} e depois {"results"})',
  message_type: 'quadros message_type (begin-nlweb-response, result, end-nlweb-response) das versões de 2025',
  json: 'só resposta JSON, sem fluxo de eventos',
};

export const nlweb: CheckDefinition = {
  id: 'nlweb',
  nome: 'Busca NLWeb (/ask) na forma atual',
  camada: 'agentes',
  severidade: 'baixa',
  titulo: 'O /ask (NLWeb) do site não responde na forma atual',
  porque:
    'O /ask do NLWeb deixa um agente fazer uma pergunta ao site e receber os resultados como objetos schema.org. Na versão 0.55, o fluxo de eventos passou a ter eventos nomeados (start, result, complete), que os clientes atuais esperam para consultas em objeto.',
  comoCorrigir: MIGRATION,
  referencia: 'https://github.com/nlweb-ai/NLWeb',
  async run(ctx) {
    // A safe GET first: only a site whose /ask answers like NLWeb gets the POST (and its search) at all.
    const probe = await ctx.get(`/ask?query=${QUERY}&streaming=false`, { accept: 'application/json', maxBytes: MAX_BYTES });
    const present = answerOf(probe);
    if (present.dialeto === 'nenhum') {
      return notApplicable(`O site não tem um /ask no formato NLWeb (${isResponse(probe) ? `GET /ask respondeu ${probe.status}${probe.status === 200 ? ' sem _meta nem results' : ''}` : probe.message}): verificação não se aplica.`);
    }
    // The current dialect is chosen by an object query with streaming.
    const posted = await ctx.get('/ask', {
      method: 'POST',
      accept: STREAM_ACCEPT,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: { text: QUERY }, prefer: { streaming: true }, meta: { api_version: '0.55' } }),
      maxBytes: MAX_BYTES,
    });
    let answer = answerOf(posted);
    // Servers from before the object query (2025 NLWeb) only stream on GET.
    if (answer.dialeto === 'nenhum') answer = answerOf(await ctx.get(`/ask?query=${QUERY}&streaming=true`, { accept: STREAM_ACCEPT, maxBytes: MAX_BYTES }));
    if (answer.dialeto === 'nenhum') answer = present;
    if (answer.dialeto === 'invalido') {
      return withVerdict(`O /ask responde em fluxo, mas ${answer.motivo}.`, revisionOf('nlweb', 'invalido', { forma: 'eventos nomeados incompletos', migracao: MIGRATION }));
    }
    if (answer.dialeto === 'v055') return withVerdict(`O /ask respondeu a uma consulta em objeto com eventos nomeados (start, ${answer.resultados} result, complete).`, revisionOf('nlweb', 'atual'));
    return withVerdict(
      `O /ask responde no formato NLWeb (${answer.resultados} resultado(s)), mas sem os eventos nomeados da 0.55.`,
      revisionOf('nlweb', 'legado', { forma: LEGACY_FORMS[answer.dialeto], migracao: MIGRATION }),
    );
  },
};
