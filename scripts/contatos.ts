/**
 * `npm run contatos`: lists the stored leads (the contact form's, the reports asked for under a result, the confirmed
 * follow-ups) and their delivery state, from the configured store
 * (Upstash when UPSTASH_REDIS_REST_URL/TOKEN are set, otherwise the file of `npm start` under DATA_DIR, default
 * `data/`). Shows what the operator needs to follow up (number, time, name, e-mail, delivery: attempts and the
 * last error), not the message. Every value a visitor typed is printed inert: a control or bidirectional
 * character shows as its code point (`\u{202E}`), so a stored lead cannot rewrite the terminal.
 * A damaged record is reported by its key and the others are listed all the same.
 * `--json` prints the leads as JSON instead (damaged records are reported on stderr).
 * Exits 1 when the storage is misconfigured or cannot be read.
 */
import { listLeads, type DamagedLead, type Lead } from '../functions/contact/leads.ts';
import { createServices } from '../functions/services.ts';
import { describeStore, LOCAL_DATA_DIR, storeStartupNotice } from '../functions/store/index.ts';
import { visibleControls } from '../src/model/controls.ts';

process.env.DATA_DIR ??= LOCAL_DATA_DIR;

const when = (iso: string | null): string => (iso ? iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC') : '');
const inert = (text: string | null): string => visibleControls(text ?? '');

function describe(lead: Lead): string {
  const e = lead.entrega;
  if (e.estado === 'entregue') return `entregue em ${when(e.entregueEm)} (${e.tentativas} tentativa(s))`;
  if (e.tentativas === 0) return `pendente: ainda não tentada; próxima tentativa em ${when(e.proximaTentativaEm)}`;
  const failures = `${e.tentativas} tentativa(s), último erro: ${inert(e.ultimoErro)}`;
  if (e.proximaTentativaEm === null) return `pendente, entrega suspensa depois de ${failures}; não haverá nova tentativa: responda pelo e-mail.`;
  return `pendente: ${failures}; próxima tentativa em ${when(e.proximaTentativaEm)}`;
}

const damagedLine = (d: DamagedLead): string => `registro danificado, posto de lado: ${d.key} (${d.problema})`;

const { store, config } = createServices(process.env);
const { problem } = storeStartupNotice(store);
if (problem) {
  console.error(`Não foi possível ler os contatos: ${problem}`);
  process.exit(1);
}
const where = describeStore(store);
let leads: Lead[];
let damaged: DamagedLead[];
try {
  ({ leads, damaged } = await listLeads(store));
} catch (error) {
  console.error(`Não foi possível ler os contatos em ${where}: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : error}`);
  process.exit(1);
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(leads, null, 2));
  for (const d of damaged) console.error(damagedLine(d));
} else {
  const pendentes = leads.filter((l) => l.entrega.estado !== 'entregue').length;
  console.log(`${leads.length} contato(s) em ${where}; ${pendentes} pendente(s) de entrega.${config.contactWebhookUrl ? '' : ' CONTACT_WEBHOOK_URL não definido: nada é entregue.'}`);
  if (damaged.length) console.log(`${damaged.length} registro(s) danificado(s), fora da lista e da entrega:\n${damaged.map((d) => `  ${damagedLine(d)}`).join('\n')}`);
  for (const lead of leads) {
    const c = lead.campos;
    console.log(`\nnº ${lead.seq}  ${when(lead.recebidoEm)}  ${inert(c.nome)} <${inert(c.email)}>${c.empresa ? `  (${inert(c.empresa)})` : ''}`);
    if (lead.tipo === 'relatorio') console.log(`   pediu o relatório de ${inert(c.site)} (nota ${c.nota ?? 'sem nota'}, grau ${inert(c.grau ?? '—')}): ${inert(c.resultado ?? '')}`);
    console.log(`   entrega: ${describe(lead)}`);
  }
}
