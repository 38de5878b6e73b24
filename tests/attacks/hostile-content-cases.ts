/**
 * Hostile-content table of the readiness instrument, kept as data: what a measured site can return to make
 * the analysis super-linear (issue item 7: a 25 KB page froze the local server for 15 s). Each row is run
 * twice: by tests/unit/readiness/hostile-content.test.ts (the analysis of the row's surface ends in bounded
 * time) and by tests/integration/readiness-hostile.test.ts (the row served on loopback and measured through
 * `POST /api/ia/medicao` while the server keeps answering other requests).
 */

export interface HostileContentCase {
  name: string;
  /** Where the site serves `body`: as its home page, robots.txt, llms.txt, or the SKILL.md of its skills index. */
  surface: 'home' | 'robots' | 'llms' | 'skill';
  body: () => string;
  /** The path the home page redirects to (robots rows: the path every AI agent is checked against). */
  homePath?: string;
  /** What the code before the fix did with this input (from the issue, or measured). */
  before: string;
}

const stars = (count: number, letter = 'a') => `/${`*${letter}`.repeat(count)}*c`;

export const HOSTILE_CONTENT_CASES: HostileContentCase[] = [
  {
    name: '5.000 <div> sem fechamento (25 KB)',
    surface: 'home',
    body: () => `<!doctype html><html><head><title>x</title></head><body>${'<div>'.repeat(5_000)}texto`,
    before: 'node-html-parser: servidor local sem responder por 15 s, leitura registrada',
  },
  {
    name: '8.000 <div> sem fechamento (40 KB)',
    surface: 'home',
    body: () => `<html><body>${'<div>'.repeat(8_000)}`,
    before: 'node-html-parser: 68 s',
  },
  {
    name: '1 MB de <img>',
    surface: 'home',
    body: () => `<html><body>${'<img src=a>'.repeat(95_000)}`,
    before: "node-html-parser: querySelectorAll('img') em 44 s",
  },
  {
    name: '4,9 MB de <div> sem fechamento',
    surface: 'home',
    body: () => `<html><body>${'<div>'.repeat(980_000)}`,
    before: 'node-html-parser: 100% de CPU por mais de 7 min, ignorando SIGTERM (o Parser do htmlparser2 levaria minutos: pilha com unshift)',
  },
  {
    name: '<div> sem fechamento seguidos de </span> avulsos',
    surface: 'home',
    body: () => `<html><body>${'<div>'.repeat(100_000)}${'</span>'.repeat(100_000)}`,
    before: 'Parser do htmlparser2: cada </span> percorre a pilha inteira (quadrático)',
  },
  {
    name: '<label> e controles aninhados sem fechamento',
    surface: 'home',
    body: () => `<html><body>${'<label><input id=a>'.repeat(40_000)}`,
    before: "node-html-parser: querySelectorAll('label') para cada controle com id (quadrático)",
  },
  {
    name: 'script na página com 2 MB de modelContext repetido',
    surface: 'home',
    body: () => `<html><body><p>texto</p><script>${'modelContext'.repeat(170_000)}</script>`,
    before: 'expressão da verificação WebMCP: 0,6 s por 2 MB (até 400 passos por ocorrência)',
  },
  {
    name: 'robots.txt com 7 estrelas e caminho de 40 a',
    surface: 'robots',
    body: () => `User-agent: *\nDisallow: ${stars(7)}\n`,
    homePath: `/${'a'.repeat(40)}`,
    before: 'patternToRegExp: 5,4 s por verificação',
  },
  {
    name: 'robots.txt com 8 estrelas e caminho de 60 a',
    surface: 'robots',
    body: () => `User-agent: *\nDisallow: ${stars(8)}\n`,
    homePath: `/${'a'.repeat(60)}`,
    before: 'patternToRegExp: 39 s por verificação',
  },
  {
    name: 'robots.txt de 2 MB com milhares de regras com estrelas e caminho de 2.000 a',
    surface: 'robots',
    body: () => `User-agent: *\n${`Disallow: ${stars(8)}\n`.repeat(70_000)}`,
    homePath: `/${'a'.repeat(2_000)}`,
    before: 'patternToRegExp: uma expressão com retrocesso por regra e por agente (com uma só regra de 8 estrelas, 39 s)',
  },
  {
    name: 'robots.txt de 500 KiB com regras de estrelas todas diferentes (nada a juntar) e caminho de 2.000 a',
    surface: 'robots',
    body: () => `User-agent: *\n${Array.from({ length: 14_000 }, (_, i) => `Disallow: ${stars(8)}${i}\n`).join('')}`,
    homePath: `/${'a'.repeat(2_000)}`,
    before: 'caso novo (issue 19): cada decisão lê as 14.000 regras, e agora há até 51 páginas por robô; as duplicadas são juntadas, estas não',
  },
  {
    name: 'robots.txt com uma linha de # terminada em U+2028',
    surface: 'robots',
    body: () => `User-agent: *\nDisallow: /x ${'#'.repeat(400_000)}\u2028\n`,
    before: "replace(/#.*$/): quadrático (494 ms com 20.000 #)",
  },
  {
    name: 'llms.txt com 80 KB de [',
    surface: 'llms',
    body: () => `# Site\n\n## Links\n\n- ${'['.repeat(80_000)}\n`,
    before: 'expressão de links: 5,4 s',
  },
  {
    name: 'llms.txt com 2 MB de [ numa linha',
    surface: 'llms',
    body: () => `# Site\n\n${'['.repeat(2_000_000)}\n`,
    before: 'expressão de links: cerca de uma hora',
  },
  {
    name: 'llms.txt com []( repetido',
    surface: 'llms',
    body: () => `# Site\n\n${'[]('.repeat(600_000)}\n`,
    before: 'expressão de links: quadrática na URL sem fim',
  },
  {
    name: 'SKILL.md com front matter sem fechamento e name: repetido',
    surface: 'skill',
    body: () => `---\n${'name: x '.repeat(250_000)}`,
    before: 'expressão do front matter: quadrática',
  },
  {
    name: 'SKILL.md com --- seguido de 2 MB de quebras de linha',
    surface: 'skill',
    body: () => `---${'\n'.repeat(2_000_000)}x`,
    before: 'expressão do front matter: quadrática',
  },
];
