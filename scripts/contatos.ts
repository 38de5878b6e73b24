/**
 * `npm run contatos`: lists the stored contact-form leads and their delivery state, from the configured store
 * (Upstash when UPSTASH_REDIS_REST_URL/TOKEN are set, otherwise the file of `npm start` under DATA_DIR, default
 * `data/`). Shows what the operator needs to follow up (number, time, name, e-mail, delivery), not the message.
 * `--json` prints the leads as JSON instead. Exits 1 when the store cannot be read.
 */
import { listLeads, type Lead } from '../functions/contact/leads.ts';
import { createServices } from '../functions/http/services.ts';
import { LOCAL_DATA_DIR } from '../functions/store/index.ts';
import { SqliteStore } from '../functions/store/sqlite.ts';

process.env.DATA_DIR ??= LOCAL_DATA_DIR;

const when = (iso: string | null): string => (iso ? iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC') : '');

function describe(lead: Lead): string {
  const e = lead.entrega;
  if (e.estado === 'entregue') return `entregue em ${when(e.entregueEm)} (${e.tentativas} tentativa(s))`;
  const detail = e.tentativas === 0 ? 'ainda não tentada' : `${e.tentativas} tentativa(s), último erro: ${e.ultimoErro}`;
  return `pendente: ${detail}; próxima tentativa em ${when(e.proximaTentativaEm)}`;
}

const { store, config } = createServices(process.env);
const where = store.kind === 'upstash' ? `Upstash (${new URL(config.upstash!.url).host})` : store instanceof SqliteStore ? `arquivo ${store.file}` : 'memória';
let leads: Lead[];
try {
  leads = await listLeads(store);
} catch (error) {
  console.error(`Não foi possível ler os contatos em ${where}: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : error}`);
  process.exit(1);
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(leads, null, 2));
} else {
  const pendentes = leads.filter((l) => l.entrega.estado !== 'entregue').length;
  console.log(`${leads.length} contato(s) em ${where}; ${pendentes} pendente(s) de entrega.${config.contactWebhookUrl ? '' : ' CONTACT_WEBHOOK_URL não definido: nada é entregue.'}`);
  for (const lead of leads) {
    const c = lead.campos;
    console.log(`\nnº ${lead.seq}  ${when(lead.recebidoEm)}  ${c.nome} <${c.email}>${c.empresa ? `  (${c.empresa})` : ''}`);
    console.log(`   entrega: ${describe(lead)}`);
  }
}
