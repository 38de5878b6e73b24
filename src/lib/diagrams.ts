/**
 * Diagrams where a picture explains better than text: the three steps of the home, how the free measurement
 * works, one per objective. Data, keyed by route: the page template draws the SVG from it
 * (src/components/PageDiagram.astro) and the markdown twin carries the same steps as text (./markdown-twin.ts),
 * so the picture and its text alternative cannot drift apart. Layout: a vertical flow of numbered boxes, 360 units
 * wide, so that it reads at its natural size on a 390 px phone.
 */

export interface Diagram {
  /** The diagram's title (`<title>`, and the twin's heading line). */
  titulo: string;
  /** One sentence saying what the picture shows, before the steps (`<desc>`). */
  resumo: string;
  passos: { rotulo: string; texto: string }[];
}

export const DIAGRAMS: Readonly<Record<string, Diagram>> = {
  index: {
    titulo: 'Ler, entender, citar: o caminho até a resposta',
    resumo: 'Três etapas em sequência, ligadas por setas; cada uma depende da anterior.',
    passos: [
      { rotulo: 'Ler', texto: 'Técnica: buscadores, robôs de IA e agentes acessam e leem o seu site.' },
      { rotulo: 'Entender', texto: 'Semântica: dados estruturados e entidades dizem quem você é e o que oferece.' },
      { rotulo: 'Citar', texto: 'Autoridade: afirmações verificáveis fazem do site uma fonte citada nas respostas.' },
    ],
  },
  'diagnostico-de-visibilidade-cognitiva': {
    titulo: 'Como funciona a medição',
    resumo: 'Cinco etapas em sequência, do domínio informado ao resultado registrado.',
    passos: [
      { rotulo: 'Domínio', texto: 'Você informa o domínio, sem cadastro.' },
      { rotulo: 'Leitura', texto: 'O medidor lê apenas páginas e arquivos públicos do site.' },
      { rotulo: 'Seis camadas', texto: 'Acesso de robôs, descoberta, conteúdo legível, dados estruturados, interfaces para agentes, segurança e desempenho.' },
      { rotulo: 'Nota e grau', texto: 'Pesos e tetos dão a nota de 0 a 100 e o grau de A+ a F.' },
      { rotulo: 'Registro', texto: 'O resultado, com as lacunas e o que fazer, fica registrado e pode ser consultado pela API.' },
    ],
  },
  'objetivos/aparecer-nas-respostas-de-ia': {
    titulo: 'Como abordamos: aparecer nas respostas de IA',
    resumo: 'Cinco etapas em sequência, do que depende de você à medição das citações.',
    passos: [
      { rotulo: 'Separar', texto: 'O que depende do seu site e o que depende do modelo.' },
      { rotulo: 'Acesso', texto: 'Robôs de IA conseguem acessar e ler as páginas.' },
      { rotulo: 'Clareza', texto: 'Respostas diretas e entidades declaradas sem ambiguidade.' },
      { rotulo: 'Consistência', texto: 'O site diz o mesmo que o resto da web diz sobre você.' },
      { rotulo: 'Medição', texto: 'Perguntas do negócio observadas com repetição: quem é citado e por quê.' },
    ],
  },
  'objetivos/crescer-na-busca-local': {
    titulo: 'Como abordamos: crescer na busca local',
    resumo: 'Quatro etapas em sequência, do levantamento às avaliações.',
    passos: [
      { rotulo: 'Levantamento', texto: 'Site, Perfil da Empresa no Google, diretórios e redes sociais.' },
      { rotulo: 'Consistência', texto: 'Nome, endereço, telefone, horários e categorias iguais em todo lugar.' },
      { rotulo: 'Páginas locais', texto: 'Uma página por unidade ou área atendida, com a marcação de negócio local.' },
      { rotulo: 'Avaliações', texto: 'Pedir a quem foi atendido e responder a todas, sem comprar nem filtrar.' },
    ],
  },
  'objetivos/preparar-o-site-para-agentes': {
    titulo: 'Como abordamos: preparar o site para agentes',
    resumo: 'Quatro camadas em sequência; cada uma só vem quando a anterior está pronta.',
    passos: [
      { rotulo: 'Objetivo', texto: 'O que um agente deveria conseguir fazer no seu site.' },
      { rotulo: 'Acesso', texto: 'Robôs desejados liberados e um llms.txt como índice para modelos.' },
      { rotulo: 'Markdown e dados', texto: 'Versões em markdown, com negociação de conteúdo, e dados estruturados.' },
      { rotulo: 'Interfaces', texto: 'MCP, catálogo de API e autorização, só quando houver o que expor.' },
    ],
  },
  'objetivos/recuperar-trafego-organico': {
    titulo: 'Como abordamos: recuperar o tráfego orgânico',
    resumo: 'Quatro etapas em sequência, da queda medida ao tratamento de cada causa.',
    passos: [
      { rotulo: 'O que caiu', texto: 'Quais páginas, quais consultas, em que data.' },
      { rotulo: 'A causa', texto: 'Queda concentrada após uma publicação: técnica. Espalhada, com impressões estáveis: mudança na busca.' },
      { rotulo: 'Causa técnica', texto: 'Índice, redirecionamentos e conteúdo que só aparece com JavaScript: correção direta.' },
      { rotulo: 'Mudança na busca', texto: 'Páginas mais úteis, presença nas respostas de IA e medição além do clique.' },
    ],
  },
  'objetivos/vender-mais-pela-busca': {
    titulo: 'Como abordamos: vender mais pela busca',
    resumo: 'Quatro etapas em sequência, da conversa com quem vende aos indicadores comerciais.',
    passos: [
      { rotulo: 'A venda', texto: 'Quem vende e quem atende contam o que o cliente pergunta antes de comprar.' },
      { rotulo: 'As perguntas', texto: 'Preço, prazo, opções, garantia e região definem as páginas que importam.' },
      { rotulo: 'As páginas', texto: 'Acessíveis, com respostas claras e produtos descritos com dados precisos.' },
      { rotulo: 'O resultado', texto: 'Pedidos de orçamento e vendas de origem orgânica, não só visitas.' },
    ],
  },
};

export const diagramOf = (rota: string): Diagram | undefined => DIAGRAMS[rota];

/** The full text alternative (`<desc>`): the summary, then every step. */
export const diagramDescription = (d: Diagram): string =>
  `${d.resumo} ${d.passos.map((p, i) => `${i + 1}. ${p.rotulo}: ${p.texto}`).join(' ')}`;

/** The diagram in the markdown twin: its title and the steps as a numbered list. */
export const diagramMarkdown = (d: Diagram): string =>
  `**${d.titulo}** (diagrama): ${d.resumo}\n\n${d.passos.map((p, i) => `${i + 1}. **${p.rotulo}:** ${p.texto}`).join('\n')}`;

/** Greedy line breaking by characters (SVG text does not wrap). */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

export const DIAGRAM_WIDTH = 360;
const PAD = 14;
const LABEL = 20;
const LINE = 19;
const GAP = 26;
/** Characters per line of the 14-unit text in the 278-unit text column. */
const CHARS = 36;

/** Boxes, text lines and arrows of a diagram, positioned (the component only draws them). */
export function diagramLayout(d: Diagram) {
  let y = 0;
  const boxes = d.passos.map((p, i) => {
    const lines = wrap(p.texto, CHARS);
    const height = PAD + LABEL + lines.length * LINE + PAD - 4;
    const box = { n: i + 1, rotulo: p.rotulo, lines, y, height, labelY: y + PAD + 15, firstLineY: y + PAD + LABEL + 14 };
    y += height + GAP;
    return box;
  });
  const arrows = boxes.slice(0, -1).map((b) => ({ from: b.y + b.height + 3, to: b.y + b.height + GAP - 3 }));
  return { width: DIAGRAM_WIDTH, height: y - GAP, boxes, arrows, lineHeight: LINE };
}
