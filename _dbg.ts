import { generateKeyPairSync } from 'node:crypto';
import { readerKeyFrom } from './functions/readiness/agent/signing.ts';
import { measure } from './functions/readiness/measure.ts';
import { guardNetwork, startFixture } from './tests/helpers/readiness.ts';
import { corpusSite, corpusSites } from './tests/helpers/readiness-corpus.ts';
const key = await readerKeyFrom(generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }) as JsonWebKey);
const only = process.argv[2];
for (const name of corpusSites()) {
  if (only && name !== only) continue;
  const site = await startFixture(corpusSite(name));
  const e = await measure(site.host, { key, agentOrigin: 'https://sinal.exemplo.com.br', allowLoopback: true, network: guardNetwork() });
  console.log(name, e.nota, e.grau, JSON.stringify(e.amostra), site.requests.length, e.teto?.motivo ?? '');
  if (only) for (const v of e.camadas.flatMap((c) => c.verificacoes)) if (v.status !== 'passou') console.log('   ', v.id, v.status, v.pontos, '/', v.peso, v.detalhe);
  await site.close();
}
