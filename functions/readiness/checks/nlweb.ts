import { plural } from '../../../src/model/plural.ts';
import { classifyNlweb, type NlwebAnswer } from '../analysis/nlweb.ts';
import { type Decisive, isResponse, type MeasurementContext, type Probe } from '../context.ts';
import { answeredInstead, type Evidence } from '../evidence.ts';
import { revisionOf, withVerdict } from '../revision.ts';
import { type CheckDefinition, notApplicable } from './types.ts';

/** A harmless query every site can answer (or answer with nothing). */
const QUERY = 'contato';
const MAX_BYTES = 256 * 1024;
const STREAM_ACCEPT = 'text/event-stream, application/json;q=0.9';

const answerOf = (probe: Probe): NlwebAnswer => (isResponse(probe) && probe.status === 200 ? classifyNlweb(probe.contentType, probe.body) : { dialeto: 'nenhum' });

/** The deciding item of an /ask answer: the dialect it spoke (in its body), or what came back instead. */
function decisiveOf(probe: Probe, answer: NlwebAnswer): Decisive {
  switch (answer.dialeto) {
    case 'nenhum':
      return isResponse(probe) && probe.status === 200 ? { em: 'corpo', decisivo: 'sem _meta nem results do NLWeb' } : answeredInstead(probe);
    case 'invalido':
      return { em: 'corpo', decisivo: answer.motivo };
    case 'v055':
      return { em: 'corpo', decisivo: 'event: start … event: result … event: complete' };
    case 'v054':
      return { em: 'corpo', decisivo: 'data: {"_meta":…} e data: {"results":[…]}, eventos sem nome' };
    case 'message_type':
      return { em: 'corpo', decisivo: 'quadros message_type' };
    case 'json':
      return { em: 'corpo', decisivo: 'JSON com _meta e results, sem fluxo' };
  }
}

interface Asked {
  probe: Probe;
  answer: NlwebAnswer;
}
type Spoken = Asked & { answer: Exclude<NlwebAnswer, { dialeto: 'nenhum' }> };
const spoken = (asked: Asked): asked is Spoken => asked.answer.dialeto !== 'nenhum';

const evidenceOf = (ctx: MeasurementContext, asked: Asked): Evidence => ctx.evidence(asked.probe, decisiveOf(asked.probe, asked.answer));

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
  tituloParcial: 'O /ask (NLWeb) do site responde numa forma anterior à 0.55',
  porque:
    'O /ask do NLWeb deixa um agente fazer uma pergunta ao site e receber os resultados como objetos schema.org. Na versão 0.55, o fluxo de eventos passou a ter eventos nomeados (start, result, complete), que os clientes atuais esperam para consultas em objeto.',
  comoCorrigir: MIGRATION,
  referencia: 'https://github.com/nlweb-ai/NLWeb',
  async run(ctx) {
    // A safe GET first: only a site whose /ask answers like NLWeb gets the POST (and its search) at all.
    const probe = await ctx.get(`/ask?query=${QUERY}&streaming=false`, { accept: 'application/json', maxBytes: MAX_BYTES });
    const present: Asked = { probe, answer: answerOf(probe) };
    if (!spoken(present)) {
      return notApplicable(`O site não tem um /ask no formato NLWeb (${isResponse(probe) ? `GET /ask respondeu ${probe.status}${probe.status === 200 ? ' sem _meta nem results' : ''}` : probe.message}): verificação não se aplica.`, {
        evidencias: [evidenceOf(ctx, present)],
      });
    }
    // The current dialect is chosen by an object query with streaming.
    const postProbe = await ctx.get('/ask', {
      method: 'POST',
      accept: STREAM_ACCEPT,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: { text: QUERY }, prefer: { streaming: true }, meta: { api_version: '0.55' } }),
      maxBytes: MAX_BYTES,
    });
    const posted: Asked = { probe: postProbe, answer: answerOf(postProbe) };
    let decided: Spoken = spoken(posted) ? posted : present;
    // Servers from before the object query (2025 NLWeb) only stream on GET.
    if (!spoken(posted)) {
      const probe = await ctx.get(`/ask?query=${QUERY}&streaming=true`, { accept: STREAM_ACCEPT, maxBytes: MAX_BYTES });
      const streamed: Asked = { probe, answer: answerOf(probe) };
      if (spoken(streamed)) decided = streamed;
    }
    // The answer that decided first; when it is not the object query's, that POST (and what it got) next.
    const evidencias = [evidenceOf(ctx, decided), ...(decided === posted ? [] : [evidenceOf(ctx, posted)])];
    const { answer } = decided;
    if (answer.dialeto === 'invalido') {
      return withVerdict(`O /ask responde em fluxo, mas ${answer.motivo}.`, revisionOf('nlweb', 'invalido', { forma: 'eventos nomeados incompletos', migracao: MIGRATION }), { evidencias });
    }
    if (answer.dialeto === 'v055') {
      return withVerdict(`O /ask respondeu a uma consulta em objeto com eventos nomeados (start, ${plural(answer.resultados, 'evento result', 'eventos result')} e complete).`, revisionOf('nlweb', 'atual'), { evidencias });
    }
    return withVerdict(
      `O /ask responde no formato NLWeb (${plural(answer.resultados, 'resultado', 'resultados')}), mas sem os eventos nomeados da 0.55.`,
      revisionOf('nlweb', 'legado', { forma: LEGACY_FORMS[answer.dialeto], migracao: MIGRATION }),
      { evidencias },
    );
  },
};
