/**
 * The A2A agent's logic (an `AgentExecutor` of `@a2a-js/sdk`): a text message is answered from the site's own
 * content with the same lexical search and the same schema.org objects as `/ask` (no language model). Every
 * answer is a task that ends `completed`, with one artifact holding a pt-BR text part (the pages found) and a
 * data part (the `/ask` answer: `results` as schema.org objects), or only the one the client's
 * `acceptedOutputModes` name; a message with no text ends `rejected`
 * with a pt-BR explanation. Events: task (working) → artifact → status (final).
 */
import { randomUUID } from 'node:crypto';
import { type Message, type Part, Role, TaskState } from '@a2a-js/sdk';
import { AgentEvent, type AgentExecutor, type ExecutionEventBus, type RequestContext } from '@a2a-js/sdk/server';
import { answer, newQueryId } from '../ask/nlweb.ts';
import { ANSWER_DATA_NOTICE, type AskAnswer, DEFAULT_RESULTS, MAX_QUERY_CHARS } from '../ask/schemas.ts';
import type { SearchIndex } from '../search/engine.ts';

export const textPart = (text: string): Part => ({ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' });
export const dataPart = (value: unknown): Part => ({ content: { $case: 'data', value }, metadata: undefined, filename: '', mediaType: 'application/json' });

/** The question: the text parts of the user's message, joined. */
export const questionText = (message: Message | undefined): string =>
  (message?.parts ?? [])
    .map((p) => (p.content?.$case === 'text' ? p.content.value : ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Whether a media type is among the client's accepted output modes (wildcards such as `text/*` included). */
const accepts = (modes: readonly string[], type: string): boolean =>
  modes.some((m) => {
    const mode = m.split(';')[0]!.trim().toLowerCase();
    return mode === type || mode === '*/*' || mode === `${type.split('/')[0]}/*`;
  });

/**
 * The parts the client accepts (`configuration.acceptedOutputModes`): all when it names none, or when it accepts
 * none of them (an answer in a mode it did not ask for beats no answer).
 */
export function partsFor(parts: readonly Part[], modes: readonly string[] | undefined): Part[] {
  if (!modes?.length) return [...parts];
  const kept = parts.filter((p) => accepts(modes, p.mediaType));
  return kept.length ? kept : [...parts];
}

/** The pt-BR text of an answer: the pages found, one per line, with their address and description. */
export function answerText(question: string, body: AskAnswer): string {
  if (body.results.length === 0) {
    return `Não encontrei páginas do site sobre “${question}”. A busca é por palavras: tente termos que aparecem nos textos, em português (por exemplo: “dados estruturados”, “diagnóstico”, “preços”).`;
  }
  const lines = body.results.map((r, i) => `${i + 1}. ${r.name} — ${r.url}\n   ${r.description}`);
  const count = body.results.length === 1 ? 'Encontrei 1 página' : `Encontrei ${body.results.length} páginas`;
  return `${count} do site sobre “${question}”, da mais para a menos relevante:\n\n${lines.join('\n')}\n\nCada página tem uma versão em markdown no mesmo endereço com o sufixo .md. ${ANSWER_DATA_NOTICE}`;
}

const agentMessage = (taskId: string, contextId: string, text: string): Message => ({
  messageId: randomUUID(),
  contextId,
  taskId,
  role: Role.ROLE_AGENT,
  parts: [textPart(text)],
  metadata: undefined,
  extensions: [],
  referenceTaskIds: [],
});

/** The executor over a search index and the service origin (absolute URLs in the answer). */
export function siteAgentExecutor(search: () => SearchIndex, origin: string): AgentExecutor {
  return {
    async execute(request: RequestContext, bus: ExecutionEventBus) {
      const { taskId, contextId } = request;
      const status = (state: TaskState, text?: string) => ({
        state,
        message: text === undefined ? undefined : agentMessage(taskId, contextId, text),
        timestamp: new Date().toISOString(),
      });
      const finish = (state: TaskState, text: string) => {
        bus.publish(AgentEvent.statusUpdate({ taskId, contextId, status: status(state, text), metadata: undefined }));
        bus.finished();
      };
      bus.publish(
        AgentEvent.task({ id: taskId, contextId, status: status(TaskState.TASK_STATE_WORKING), artifacts: [], history: [request.userMessage], metadata: undefined }),
      );

      const question = questionText(request.userMessage);
      if (question === '') return finish(TaskState.TASK_STATE_REJECTED, 'A mensagem não tem texto: envie a pergunta numa parte de texto (por exemplo, “Como aparecer nas respostas de IA?”).');
      if (question.length > MAX_QUERY_CHARS) return finish(TaskState.TASK_STATE_REJECTED, `Pergunta longa demais: o limite é ${MAX_QUERY_CHARS} caracteres.`);

      const body = answer({ text: question, streaming: false, maxResults: DEFAULT_RESULTS, queryId: newQueryId(), stream: 'v054' }, search(), origin);
      const text = answerText(question, body);
      bus.publish(
        AgentEvent.artifactUpdate({
          taskId,
          contextId,
          artifact: {
            artifactId: randomUUID(),
            name: 'resultados',
            description: 'Páginas do site encontradas pela busca lexical: texto em pt-BR e os resultados como objetos schema.org (os mesmos de /ask).',
            parts: partsFor([textPart(text), dataPart(body)], request.request.configuration?.acceptedOutputModes),
            metadata: undefined,
            extensions: [],
          },
          append: false,
          lastChunk: true,
          metadata: undefined,
        }),
      );
      const summary = body.results.length === 0 ? 'Nenhuma página encontrada.' : `${body.results.length} página(s) encontrada(s); veja o artefato “resultados”.`;
      finish(TaskState.TASK_STATE_COMPLETED, summary);
    },
    // Tasks complete within the request that created them: there is never a running task to cancel.
    async cancelTask() {},
  };
}
