/**
 * The result in a marketing manager's words (issue 20, item 1): what the grade means for being found, read and
 * cited by AI (`verdictFor`), and, per check, the fix as the buyer reads it (`CHECK_WORDS`, one table keyed by the
 * check's id: a unit test holds it to the registry, so a new check cannot ship without its words) with the effort it
 * usually takes. The technical words (the check's `titulo`, `porque`, `comoCorrigir`, the evidence) stay in the
 * developer's section; nothing here names an RFC, a header or a field, and nothing here comes from the measured site.
 */
import type { Envelope } from '../../src/model/reading.ts';

/** How much work a fix usually is for whoever maintains the site. */
export type Esforco = 'baixo' | 'medio' | 'alto';

/** The fix of a check, in the buyer's words. */
export interface CheckWords {
  /** The fix as an action ("Liberar o site para os assistentes de IA"). */
  titulo: string;
  /** Why it matters for being found, read and cited, in one or two sentences. */
  explicacao: string;
  esforco: Esforco;
}

export const ESFORCO_LABEL: Record<Esforco, string> = { baixo: 'baixo', medio: 'médio', alto: 'alto' };

/** Every check of the registry (functions/readiness/checks/index.ts), by id. */
export const CHECK_WORDS: Readonly<Record<string, CheckWords>> = {
  // Acesso de robôs
  'robots-txt': {
    titulo: 'Publicar as regras de acesso para robôs',
    explicacao:
      'Buscadores e assistentes de IA procuram primeiro o arquivo com as regras de acesso do site. Sem ele, ou com ele quebrado, cada robô decide sozinho o que ler, e páginas importantes podem ficar de fora.',
    esforco: 'baixo',
  },
  'robots-ia': {
    titulo: 'Liberar o site para os assistentes de IA',
    explicacao:
      'Hoje o site proíbe a entrada dos robôs de assistentes como ChatGPT, Claude e Perplexity em parte ou em todo o conteúdo. O que eles não podem ler, eles não citam: a sua marca fica fora das respostas.',
    esforco: 'baixo',
  },
  'content-signals': {
    titulo: 'Dizer às empresas de IA como o conteúdo pode ser usado',
    explicacao:
      'Uma linha nas regras do site avisa se o conteúdo pode aparecer em buscas e em respostas de IA, e se pode ser usado para treinar modelos. Sem ela, cada empresa de IA interpreta o silêncio como quer.',
    esforco: 'baixo',
  },
  'status-http': {
    titulo: 'Fazer endereços inexistentes avisarem que não existem',
    explicacao:
      'Quando um endereço errado abre uma página comum, buscadores e assistentes podem guardar e até citar uma página vazia no lugar do seu conteúdo.',
    esforco: 'medio',
  },
  'content-usage': {
    titulo: 'Declarar as preferências de uso para IA no formato novo',
    explicacao:
      'Está sendo padronizado um jeito oficial de dizer se o conteúdo pode treinar IA e aparecer em buscas, e as empresas de IA estão passando a lê-lo. Declarar no formato atual evita que a sua escolha seja ignorada.',
    esforco: 'baixo',
  },
  'pagamento-402': {
    titulo: 'Parar de cobrar dos assistentes que leem a pedido de uma pessoa',
    explicacao:
      'O site cobra o acesso de assistentes que leem a página porque alguém perguntou. Eles não conseguem ler, e o site some da resposta que essa pessoa recebe.',
    esforco: 'medio',
  },
  // Descoberta
  sitemap: {
    titulo: 'Entregar a lista de páginas do site',
    explicacao:
      'O mapa do site diz a buscadores e assistentes de IA quais páginas existem e quais mudaram. Sem ele, conteúdo que não está a um clique da página inicial pode nunca ser encontrado.',
    esforco: 'baixo',
  },
  'link-headers': {
    titulo: 'Mostrar aos agentes de IA onde está o conteúdo preparado para eles',
    explicacao:
      'Uma indicação invisível na resposta de cada página leva os agentes direto à versão em texto e ao índice do site, sem que precisem vasculhar o código.',
    esforco: 'medio',
  },
  'llms-txt': {
    titulo: 'Publicar um índice do site para a IA',
    explicacao:
      'Um arquivo-índice escrito para assistentes de IA resume a empresa e aponta as páginas mais importantes. É o atalho que eles usam para achar o conteúdo certo sem ler o site inteiro.',
    esforco: 'baixo',
  },
  'llms-txt-valido': {
    titulo: 'Corrigir o formato do índice para a IA',
    explicacao: 'O índice existe, mas fora do formato que os assistentes esperam: eles o leem mal ou o cortam, e as páginas listadas podem não ser encontradas.',
    esforco: 'baixo',
  },
  'llms-txt-links': {
    titulo: 'Consertar os links quebrados do índice para a IA',
    explicacao: 'Parte das páginas indicadas no índice não abre. Cada link quebrado é uma página que o assistente deixa de ler e um motivo para confiar menos no site.',
    esforco: 'baixo',
  },
  'llms-txt-markdown': {
    titulo: 'Levar o índice para as versões em texto das páginas',
    explicacao: 'O índice pode apontar para versões das páginas só com o texto, sem menus nem enfeites, que os assistentes leem mais rápido e por inteiro.',
    esforco: 'medio',
  },
  'llms-txt-ponteiro': {
    titulo: 'Avisar em cada página onde está o índice para a IA',
    explicacao: 'Os assistentes costumam chegar por uma página qualquer, não pela inicial. Uma indicação discreta no topo de cada página mostra a eles o caminho para o resto do conteúdo.',
    esforco: 'baixo',
  },
  'llms-txt-tamanho': {
    titulo: 'Dividir as páginas longas demais para a IA',
    explicacao: 'Os assistentes leem cada página até um limite e ignoram o resto: o fim de uma página muito longa simplesmente não é lido.',
    esforco: 'medio',
  },
  'llms-full-txt': {
    titulo: 'Oferecer todo o conteúdo num único arquivo de texto',
    explicacao: 'Um arquivo com o conteúdo completo do site permite que um assistente leia tudo de uma vez, sem dezenas de visitas.',
    esforco: 'baixo',
  },
  // Conteúdo legível por máquina
  'texto-no-servidor': {
    titulo: 'Entregar o texto das páginas pronto, sem depender do navegador',
    explicacao:
      'A maioria dos robôs de IA não monta a página como o navegador: lê só o que o servidor entrega. Se o texto só aparece depois, para eles o site está em branco e não é citado.',
    esforco: 'alto',
  },
  'markdown-gemeo': {
    titulo: 'Publicar uma versão só com o texto de cada página',
    explicacao: 'Uma versão de cada página sem menus, anúncios e código dá aos assistentes só o conteúdo, numa fração do tamanho: eles leem mais do site e o entendem melhor.',
    esforco: 'medio',
  },
  'links-nos-gemeos': {
    titulo: 'Consertar os links das versões só com texto',
    explicacao: 'Links das versões só com texto levam a erros, e o assistente que as lê perde as páginas seguintes.',
    esforco: 'baixo',
  },
  'negociacao-markdown': {
    titulo: 'Entregar o texto limpo a quem pede',
    explicacao: 'Ferramentas de IA como Claude Code e Cursor pedem as páginas em formato de texto. Quando o site atende no mesmo endereço, elas recebem só o conteúdo e o usam melhor.',
    esforco: 'medio',
  },
  'peso-da-pagina': {
    titulo: 'Deixar as páginas mais leves',
    explicacao: 'Os assistentes leem até um limite por página. Em páginas pesadas, cheias de código embutido, o conteúdo principal pode ser cortado antes de ser lido.',
    esforco: 'medio',
  },
  'titulo-descricao': {
    titulo: 'Escrever título e resumo para cada página',
    explicacao: 'O título e o resumo são o que buscadores mostram e o que assistentes usam para decidir se a página responde à pergunta. Sem eles, outra página é escolhida.',
    esforco: 'baixo',
  },
  canonical: {
    titulo: 'Indicar o endereço oficial de cada página',
    explicacao: 'Quando a mesma página abre por vários endereços, buscadores e assistentes dividem a reputação entre eles ou citam o endereço errado.',
    esforco: 'baixo',
  },
  idioma: {
    titulo: 'Declarar em que idioma o site está',
    explicacao: 'Buscadores e assistentes usam o idioma declarado para escolher a página certa para perguntas feitas em português.',
    esforco: 'baixo',
  },
  acessibilidade: {
    titulo: 'Organizar a estrutura das páginas',
    explicacao:
      'Agentes de IA que navegam pelo site se orientam pela estrutura da página, como os leitores de tela: título principal, área de conteúdo, descrição das imagens e nomes nos campos dos formulários. Sem isso, eles se perdem.',
    esforco: 'medio',
  },
  'estabilidade-visual': {
    titulo: 'Evitar que a página pule enquanto carrega',
    explicacao: 'Imagens sem tamanho definido empurram o conteúdo enquanto carregam: visitantes e agentes de IA clicam no lugar errado, e a experiência piora.',
    esforco: 'baixo',
  },
  // Dados estruturados
  'json-ld': {
    titulo: 'Descrever a empresa e as ofertas em linguagem de máquina',
    explicacao:
      'Dados estruturados dizem a buscadores e assistentes, sem margem para adivinhação, quem é a empresa, o que ela vende, por quanto, e as perguntas frequentes. É o que permite citar o site com segurança.',
    esforco: 'medio',
  },
  'schema-organizacao': {
    titulo: 'Dizer claramente quem está por trás do site',
    explicacao: 'Para citar uma fonte com confiança, buscadores e assistentes precisam saber quem a publica: o nome, o endereço oficial e os perfis da empresa.',
    esforco: 'baixo',
  },
  // Interfaces para agentes
  openapi: {
    titulo: 'Descrever a API para que agentes a usem sozinhos',
    explicacao: 'Uma descrição padronizada da API permite que agentes de IA a usem sem ajuda humana, o que abre a empresa a integrações e automações.',
    esforco: 'medio',
  },
  'api-catalog': {
    titulo: 'Listar as APIs da empresa num endereço padrão',
    explicacao: 'Um catálogo no endereço padrão mostra aos agentes de IA todas as APIs do site e onde está a documentação de cada uma.',
    esforco: 'baixo',
  },
  'oauth-recurso-protegido': {
    titulo: 'Explicar aos agentes como obter acesso à API',
    explicacao: 'Quando a API pede autorização, uma descrição padronizada diz aos agentes onde e como obter o acesso, sem intervenção humana.',
    esforco: 'medio',
  },
  'oauth-servidor': {
    titulo: 'Publicar os dados do serviço de autorização da API',
    explicacao: 'Sem esses dados, um agente de IA não sabe como obter a autorização para usar a API e desiste.',
    esforco: 'medio',
  },
  'mcp-cartao': {
    titulo: 'Apresentar o conector para assistentes de IA',
    explicacao: 'Um cartão de apresentação num endereço padrão faz os assistentes descobrirem sozinhos que a empresa oferece um conector e o que ele faz.',
    esforco: 'baixo',
  },
  'mcp-ao-vivo': {
    titulo: 'Oferecer um conector para assistentes de IA',
    explicacao:
      'Um conector (MCP) deixa ChatGPT, Claude e Cursor consultarem o site como ferramenta: buscar conteúdo, ver preços e responder com os dados da empresa, em vez de adivinhar.',
    esforco: 'alto',
  },
  'mcp-revisao': {
    titulo: 'Atualizar o conector para a versão atual',
    explicacao: 'Assistentes novos tentam primeiro a versão atual do protocolo, e a pesquisa do ChatGPT só enxerga conectores que buscam e leem conteúdo. Um conector desatualizado fica de fora.',
    esforco: 'medio',
  },
  'a2a-cartao': {
    titulo: 'Apresentar o agente da empresa a outros agentes',
    explicacao: 'Um cartão padronizado descreve o agente que a empresa oferece e o que ele sabe fazer, para que outros agentes de IA deleguem tarefas a ele.',
    esforco: 'baixo',
  },
  'agent-skills': {
    titulo: 'Ensinar aos agentes as tarefas do site',
    explicacao: 'Um roteiro curto de cada tarefa (consultar, contratar, obter acesso) ensina os agentes de IA a realizá-las sem tentativa e erro.',
    esforco: 'baixo',
  },
  webmcp: {
    titulo: 'Deixar agentes usarem as funções da página diretamente',
    explicacao: 'A página pode oferecer as suas funções (buscar, calcular, enviar um formulário) a agentes de IA no navegador, que as usam com precisão em vez de simular cliques.',
    esforco: 'medio',
  },
  'web-bot-auth': {
    titulo: 'Corrigir a identificação dos robôs da empresa',
    explicacao: 'A empresa publica as chaves com que os seus robôs se identificam, mas elas estão incompletas ou malformadas: outros sites não conseguem confirmar que o robô é mesmo seu.',
    esforco: 'medio',
  },
  ard: {
    titulo: 'Publicar um catálogo do que o site oferece a agentes',
    explicacao: 'Um catálogo único lista os conectores, agentes e APIs do site, com exemplos do que cada um responde, para que agentes de IA e diretórios os descubram.',
    esforco: 'baixo',
  },
  nlweb: {
    titulo: 'Atualizar a busca por perguntas que o site oferece a agentes',
    explicacao: 'A busca em linguagem natural do site (NLWeb) responde numa forma antiga, que os agentes atuais não entendem: as perguntas deles ficam sem resposta.',
    esforco: 'medio',
  },
  // Segurança e desempenho
  https: {
    titulo: 'Servir o site só por conexão segura',
    explicacao: 'Buscadores e assistentes preferem, e muitos exigem, páginas em conexão segura. Sem ela, o site perde confiança e os visitantes veem alertas.',
    esforco: 'medio',
  },
  hsts: {
    titulo: 'Exigir sempre a conexão segura',
    explicacao: 'Uma instrução do servidor faz navegadores e robôs usarem sempre a conexão segura, fechando a porta a ataques que a desligam.',
    esforco: 'baixo',
  },
  'cabecalhos-seguranca': {
    titulo: 'Ativar as proteções básicas de segurança',
    explicacao: 'Algumas configurações simples do servidor protegem contra páginas falsas e conteúdo injetado: sinais de um site bem cuidado, em que robôs e pessoas confiam.',
    esforco: 'baixo',
  },
  'tempo-de-resposta': {
    titulo: 'Fazer o site responder mais rápido',
    explicacao: 'Assistentes buscam páginas durante a conversa e desistem das lentas: acima de uns 2 segundos, a sua página fica fora da resposta.',
    esforco: 'alto',
  },
  cache: {
    titulo: 'Avisar aos robôs quando o conteúdo muda',
    explicacao: 'Com a validade do conteúdo informada, buscadores e assistentes atualizam o que sabem do site sem baixar tudo de novo nem usar uma cópia velha.',
    esforco: 'baixo',
  },
};

/** What the grade means, in one headline and one or two sentences. */
export interface Verdict {
  titulo: string;
  texto: string;
}

/** By the grade's letter (A+, A and A- share A's words). */
const BY_LETTER: Record<'A' | 'B' | 'C' | 'D' | 'F', Verdict> = {
  A: {
    titulo: 'Pronto para ser citado por IA',
    texto: 'Assistentes de IA como ChatGPT, Gemini e Perplexity encontram, leem e podem citar o site sem tropeços. O que falta são ajustes finos, que mantêm a vantagem sobre os concorrentes.',
  },
  B: {
    titulo: 'Bem encaminhado, com lacunas que custam citações',
    texto: 'A maioria dos assistentes de IA encontra e lê o site, mas algumas falhas diminuem as chances de a sua marca aparecer nas respostas. Poucas correções levam o site ao topo.',
  },
  C: {
    titulo: 'Visível só em parte para a IA',
    texto: 'Assistentes de IA encontram o site, mas leem só parte dele ou o entendem mal: a sua marca perde espaço nas respostas para concorrentes mais bem preparados.',
  },
  D: {
    titulo: 'Em desvantagem nas respostas de IA',
    texto: 'Assistentes de IA têm dificuldade para encontrar e entender o site, e a sua marca raramente deve aparecer nas respostas que eles dão a quem procura o que você oferece.',
  },
  F: {
    titulo: 'Praticamente invisível para a IA',
    texto: 'Hoje, assistentes de IA como ChatGPT, Gemini e Perplexity dificilmente encontram, leem ou citam o site: nas respostas deles, a sua empresa quase não existe.',
  },
};

/** A reading without a trustworthy result (bot challenge, firewall, site down). */
const UNSCORED: Verdict = {
  titulo: 'Não conseguimos ler o site',
  texto: 'A medição não conseguiu ler o site de forma confiável, e por isso não damos nota. Se o nosso leitor foi barrado, é provável que os assistentes de IA também sejam: vale entender por quê.',
};

/** What a reading means for the buyer; `limitada`: a grave problem capped the score (said in the buyer's words). */
export function verdictFor(envelope: Pick<Envelope, 'estado' | 'grau' | 'teto'>): Verdict & { limitada?: string } {
  if (envelope.estado !== 'registrada' || !envelope.grau) return UNSCORED;
  const letter = envelope.grau[0] as keyof typeof BY_LETTER;
  const verdict = BY_LETTER[letter] ?? BY_LETTER.F;
  if (!envelope.teto) return verdict;
  return { ...verdict, limitada: `Um problema grave limita a nota a ${envelope.teto.nota}, por melhor que esteja o resto: corrigi-lo vem antes de tudo.` };
}
