/**
 * A content/empresa.json with every fact filled, all of them fictitious (a CNPJ with valid check digits that is
 * nobody's), for the tests that check each fact reaches every place that shows it.
 */
import type { Empresa } from '../../src/model/content.ts';

export const FILLED_COMPANY: Empresa = {
  nomeFantasia: 'Sinal Cognitivo',
  razaoSocial: 'Sinal Cognitivo Consultoria de Teste Ltda.',
  cnpj: '11.222.333/0001-81',
  endereco: {
    logradouro: 'Avenida Exemplar',
    numero: '1000',
    complemento: 'conjunto 42',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    uf: 'SP',
    cep: '01310-100',
  },
  telefone: '+55 11 3000-0000',
  whatsapp: '+55 11 93000-0001',
  agendamento: 'https://cal.com/sinal-cognitivo-teste',
  horario: { dias: ['seg', 'ter', 'qua', 'qui', 'sex'], abre: '09:00', fecha: '18:00' },
  fundacao: 2019,
  perfis: ['https://www.linkedin.com/company/sinal-cognitivo-teste'],
};

/** What each filled fact looks like on a page (HTML text, twin, llms.txt). */
export const FILLED_TEXTS = [
  'Sinal Cognitivo Consultoria de Teste Ltda.',
  '11.222.333/0001-81',
  'Avenida Exemplar, 1000',
  'Bela Vista',
  '01310-100',
  '+55 11 3000-0000',
  '+55 11 93000-0001',
  'https://cal.com/sinal-cognitivo-teste',
  'segunda a sexta, das 9h às 18h',
  '2019',
  'linkedin.com',
];

/** Labels of the facts the repository's file leaves empty: none may appear anywhere. */
export const EMPTY_FACT_LABELS = ['Razão social', 'CNPJ', 'Telefone', 'WhatsApp', 'Agendamento', 'Horário de atendimento', 'Fundada em', 'Perfis oficiais'];

/**
 * Every place of a built site that shows the firm's facts, as text: the footer (home page), the facts block of
 * /contato and /sobre and their twins, the Organization JSON-LD (every page carries the same) and llms.txt's
 * "Quem somos" paragraph.
 */
export async function companyPlaces(dist: string): Promise<Record<string, string>> {
  const { readFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const read = (file: string) => readFile(join(dist, file), 'utf8');
  const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ');
  const block = (html: string, re: RegExp, name: string) => {
    const match = re.exec(html);
    if (!match) throw new Error(`${name}: bloco não encontrado`);
    return match[0];
  };
  const facts = (html: string, name: string) => block(html, /<section class="company-facts"[\s\S]*?<\/section>/, name);
  const twinFacts = (md: string, name: string) => block(md, /## Dados da empresa\n[\s\S]*?(?=\n## |\n*$)/, name);
  const home = await read('index.html');
  const org = [...home.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
    .find((o) => o['@type'] === 'ProfessionalService');
  if (!org) throw new Error('JSON-LD: organização não encontrada');
  const contato = await read('contato.html');
  const sobre = await read('sobre.html');
  return {
    rodapé: text(block(home, /<footer[\s\S]*?<\/footer>/, 'rodapé')) + block(home, /<footer[\s\S]*?<\/footer>/, 'rodapé'),
    '/contato': text(facts(contato, '/contato')) + facts(contato, '/contato'),
    '/contato.md': twinFacts(await read('contato.md'), '/contato.md'),
    '/sobre': text(facts(sobre, '/sobre')) + facts(sobre, '/sobre'),
    '/sobre.md': twinFacts(await read('sobre.md'), '/sobre.md'),
    'JSON-LD': JSON.stringify(org),
    'llms.txt': block(await read('llms.txt'), /^Quem somos: .*$/m, 'llms.txt'),
  };
}
