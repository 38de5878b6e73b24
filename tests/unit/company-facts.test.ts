/**
 * The firm's facts (content/empresa.json): the CNPJ check digits, the schema's messages through the build's own
 * content checks, the facts shown and left out, the Organization JSON-LD, llms.txt's paragraph and the warning
 * of a production build that still lacks trust facts.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import siteArtifacts from '../../src/build/integration.ts';
import { organization } from '../../src/lib/schema-org.ts';
import { formatCnpj, isValidCnpj } from '../../src/model/cnpj.ts';
import { companyFacts, loadCompany, missingFactsWarning, missingTrustFacts } from '../../src/model/company.ts';
import { PAGE_BUNDLE_CHANNEL } from '../../src/model/site-data.ts';
import { EMPTY_FACT_LABELS, FILLED_COMPANY, FILLED_TEXTS } from '../helpers/company.ts';
import { checkContent, readContentFiles } from '../helpers/content.ts';

describe('CNPJ check digits', () => {
  test('known valid numbers pass, with or without punctuation', () => {
    for (const cnpj of ['11.222.333/0001-81', '11222333000181', '00.000.000/0001-91', '33.000.167/0001-01', '60.701.190/0001-04']) assert.ok(isValidCnpj(cnpj), cnpj);
  });
  test('the alphanumeric CNPJ (IN RFB 2.229/2024): the Receita Federal example passes, letters in any case', () => {
    assert.ok(isValidCnpj('12.ABC.345/01DE-35'));
    assert.ok(isValidCnpj('12abc34501de35'));
    assert.ok(!isValidCnpj('12.ABC.345/01DE-36'));
  });
  test('a wrong check digit, a wrong length, letters in the check digits and repeated digits fail', () => {
    for (const cnpj of ['11.222.333/0001-82', '11.222.333/0001-18', '33.000.167/0001-10', '1122233300018', '112223330001811', '11222333000I81', '112223330001AB', '00000000000000', '11.111.111/1111-11', '', 'CNPJ'])
      assert.ok(!isValidCnpj(cnpj), cnpj);
  });
  test('formatCnpj writes the usual punctuation', () => {
    assert.equal(formatCnpj('11222333000181'), '11.222.333/0001-81');
    assert.equal(formatCnpj('12abc34501de35'), '12.ABC.345/01DE-35');
  });
});

describe('content/empresa.json through the content checks', () => {
  const withCompany = async (change: (e: Record<string, unknown>) => void) => {
    const files = readContentFiles(process.cwd());
    const data = JSON.parse(files.get('content/empresa.json')!) as Record<string, unknown>;
    change(data);
    files.set('content/empresa.json', JSON.stringify(data));
    return checkContent(files);
  };

  test('the repository file passes, and so does the fully filled one', async () => {
    assert.equal((await withCompany(() => {})).error, undefined);
    assert.equal((await withCompany((e) => Object.assign(e, structuredClone(FILLED_COMPANY)))).error, undefined);
  });
  test('a CNPJ with a wrong check digit fails, naming the file and the field', async () => {
    const { error } = await withCompany((e) => (e.cnpj = '11.222.333/0001-82'));
    assert.match(error ?? '', /content\/empresa\.json/);
    assert.match(error ?? '', /cnpj: CNPJ inválido/);
  });
  test('a malformed phone, CEP, state, hour or profile fails with its own message', async () => {
    const cases: [(e: Record<string, any>) => void, RegExp][] = [
      [(e) => (e.telefone = '(11) 3000-0000'), /telefone: use o formato \+55 11 3000-0000/],
      [(e) => (e.endereco.cep = '01310100'), /endereco\.cep: use o formato 01310-100/],
      [(e) => (e.endereco.uf = 'sp'), /endereco\.uf: use a sigla do estado/],
      [(e) => (e.horario = { dias: ['seg'], abre: '9h', fecha: '18:00' }), /horario\.abre: use o formato HH:MM/],
      [(e) => (e.horario = { dias: ['seg'], abre: '', fecha: '' }), /horario: preencha dias, abertura e fechamento juntos/],
      [(e) => (e.perfis = ['http://linkedin.com/x']), /perfis\.0: use um endereço https:\/\/ completo/],
      [(e) => (e.site = 'x'), /campo desconhecido: "site"/],
    ];
    for (const [change, message] of cases) assert.match((await withCompany(change)).error ?? 'passou', message);
  });
});

describe('facts shown', () => {
  test('the repository file states only the name, the city and (from CONTACT_EMAIL) the e-mail', () => {
    const facts = companyFacts();
    assert.deepEqual(facts.map((f) => f.id), ['endereco', 'email']);
    assert.equal(facts[0]!.valor, 'São Paulo, SP');
    for (const label of EMPTY_FACT_LABELS) assert.ok(!facts.some((f) => f.rotulo === label), label);
  });
  test('every filled fact is shown, with its link', () => {
    const facts = companyFacts(loadCompany(FILLED_COMPANY));
    const text = JSON.stringify(facts);
    for (const t of FILLED_TEXTS) assert.ok(text.includes(t), t);
    assert.equal(facts.find((f) => f.id === 'telefone')!.href, 'tel:+551130000000');
    const whatsapp = new URL(facts.find((f) => f.id === 'whatsapp')!.href!);
    assert.equal(`${whatsapp.origin}${whatsapp.pathname}`, 'https://wa.me/5511930000001');
    assert.match(whatsapp.searchParams.get('text') ?? '', /^Olá! Vim pelo site da Sinal Cognitivo/, 'the pre-filled message');
    assert.equal(facts.find((f) => f.id === 'agendamento')!.href, 'https://cal.com/sinal-cognitivo-teste');
    assert.equal(facts.find((f) => f.id === 'endereco')!.valor, 'Avenida Exemplar, 1000 — conjunto 42 — Bela Vista — São Paulo, SP, CEP 01310-100');
  });
});

describe('Organization JSON-LD', () => {
  test('the filled facts become address, telephone, taxID, legalName, contactPoint, opening hours and sameAs', () => {
    const org = organization('https://exemplo.com.br', loadCompany(FILLED_COMPANY)) as Record<string, any>;
    assert.equal(org.taxID, '11.222.333/0001-81');
    assert.equal(org.legalName, FILLED_COMPANY.razaoSocial);
    assert.equal(org.telephone, '+551130000000');
    assert.equal(org.foundingDate, '2019');
    assert.deepEqual(org.sameAs, FILLED_COMPANY.perfis);
    assert.deepEqual(org.address, {
      '@type': 'PostalAddress',
      streetAddress: 'Avenida Exemplar, 1000 — conjunto 42',
      addressNeighborhood: 'Bela Vista',
      addressLocality: 'São Paulo',
      addressRegion: 'SP',
      postalCode: '01310-100',
      addressCountry: 'BR',
    });
    assert.equal(org.contactPoint['@type'], 'ContactPoint');
    assert.equal(org.contactPoint.telephone, '+551130000000');
    assert.match(org.contactPoint.email, /@/);
    assert.deepEqual(org.openingHoursSpecification.dayOfWeek, ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((d) => `https://schema.org/${d}`));
    assert.equal(org.openingHoursSpecification.opens, '09:00');
  });
  test('an empty fact is left out, never guessed', () => {
    const org = organization('https://exemplo.com.br') as Record<string, any>;
    for (const key of ['taxID', 'legalName', 'telephone', 'sameAs', 'foundingDate', 'openingHoursSpecification']) assert.equal(org[key], undefined, key);
    assert.deepEqual(org.address, { '@type': 'PostalAddress', addressLocality: 'São Paulo', addressRegion: 'SP', addressCountry: 'BR' });
    assert.equal(org.contactPoint.telephone, undefined);
  });
});

describe('the production warning', () => {
  test('a production build lists the trust facts still missing; other contexts and a complete file say nothing', () => {
    const warning = missingFactsWarning({ CONTEXT: 'production' });
    assert.ok(warning);
    assert.match(warning, /^content\/empresa\.json: faltam fatos/);
    for (const fact of missingTrustFacts()) assert.ok(warning.includes(fact), fact);
    assert.deepEqual(missingTrustFacts(), ['razão social', 'CNPJ', 'endereço completo (logradouro, número, cidade, UF e CEP)', 'telefone', 'horário de atendimento', 'ano de fundação', 'perfis oficiais']);
    assert.equal(missingFactsWarning({ CONTEXT: 'deploy-preview' }), undefined);
    assert.equal(missingFactsWarning({}), undefined);
    assert.equal(missingFactsWarning({ CONTEXT: 'production' }, loadCompany(FILLED_COMPANY)), undefined);
  });
  test('the build integration logs it as a warning when the build starts', async () => {
    const warnings: string[] = [];
    const logger = { warn: (m: string) => warnings.push(m), info() {}, error() {}, debug() {} };
    const start = siteArtifacts().hooks['astro:build:start'] as (o: unknown) => unknown;
    const saved = process.env.CONTEXT;
    try {
      process.env.CONTEXT = 'production';
      await start({ logger });
      assert.equal(warnings.length, 1);
      assert.match(warnings[0]!, /faltam fatos .*CNPJ/);
      delete process.env.CONTEXT;
      await start({ logger });
      assert.equal(warnings.length, 1, 'fora de produção, nenhum aviso');
    } finally {
      if (saved === undefined) delete process.env.CONTEXT;
      else process.env.CONTEXT = saved;
      delete (globalThis as Record<PropertyKey, unknown>)[PAGE_BUNDLE_CHANNEL];
    }
  });
});
