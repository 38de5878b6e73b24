/**
 * Visitor input that chat apps would turn into formatting, links, pings or fake lines when it reaches the
 * webhook's human-readable summary (`text` for Slack, `content` for Discord). Run by
 * tests/unit/contact/payload.test.ts (the payload itself) and tests/integration/contact.test.ts (through the
 * form and a real receiver): the summary shows the text, inert; the structured fields keep the raw value.
 *
 * `field` is where the input goes; `live` are the fragments that must not survive in the summary of `app`
 * (both apps when absent) — each is what the app would act on.
 */
export interface WebhookTextCase {
  name: string;
  field: 'nome' | 'empresa' | 'site' | 'mensagem';
  value: string;
  live: string[];
  app?: 'slack' | 'discord';
}

export const WEBHOOK_TEXT_CASES: WebhookTextCase[] = [
  { name: 'Slack: menção ao canal', field: 'nome', value: 'Ana <!channel>', live: ['<!channel>'] },
  { name: 'Slack: menção a todos', field: 'empresa', value: '<!everyone> ACME', live: ['<!everyone>'] },
  { name: 'Slack: menção a uma pessoa', field: 'mensagem', value: 'Fale com <@U024BE7LH>', live: ['<@U024BE7LH>'] },
  { name: 'Slack: link com rótulo falso', field: 'mensagem', value: 'Veja <https://atacante.example/x|https://sinalcognitivo.com.br>', live: ['<https://atacante.example/x|'] },
  { name: 'Slack: entidade que vira sinal de menor', field: 'nome', value: 'Ana &lt;!here&gt;', live: ['&lt;!here&gt;'], app: 'slack' },
  { name: 'Discord: @everyone', field: 'nome', value: 'Ana @everyone', live: ['@everyone'] },
  { name: 'Discord: @here', field: 'mensagem', value: 'urgente @here', live: ['@here'] },
  { name: 'Discord: menção por id', field: 'empresa', value: '<@123456789012345678> e <@&987654321098765432>', live: ['<@123456789012345678>', '<@&987654321098765432>'] },
  { name: 'Discord: link mascarado', field: 'mensagem', value: '[Clique aqui](https://atacante.example/phish)', live: ['[Clique aqui](https://'], app: 'discord' },
  { name: 'Discord: título e negrito', field: 'mensagem', value: '# URGENTE\n**pague agora**', live: ['> # URGENTE', '**pague'], app: 'discord' },
  { name: 'linha falsa de novo contato na mensagem', field: 'mensagem', value: 'oi\nNovo contato pelo site: Diretor <diretor@empresa.com.br>', live: ['\nNovo contato pelo site: Diretor'] },
  { name: 'separador de linha Unicode no nome', field: 'nome', value: 'Ana\u2028Novo contato pelo site: Outro', live: ['\u2028', '\nNovo contato pelo site: Outro'] },
  { name: 'separador de parágrafo na empresa', field: 'empresa', value: 'ACME\u2029Assunto: falso', live: ['\u2029', '\nAssunto: falso'] },
  { name: 'NEL no site', field: 'site', value: 'exemplo.com.br\u0085Nota da medição: 100', live: ['\u0085', '\nNota da medição: 100'] },
];
