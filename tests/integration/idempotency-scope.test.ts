/**
 * Idempotency keys belong to whoever used them, over HTTP on the local server (issue: keys were one global
 * namespace). Two clients on different loopback addresses (127.0.0.1 and 127.0.0.2) use the same literal key
 * that /auth.md used to ship: each gets its own registration, and an attacker who used an exchange key first
 * no longer makes a victim's exchange fail with 422. Also: a `__proto__` member counts in the body
 * fingerprint, and no document, example or skill ships a literal key.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { clearTokenCache } from '../../functions/auth/bearer.ts';
import { registrationSchema, tokenResponseSchema } from '../../functions/auth/schemas.ts';
import { MemoryStore } from '../../functions/store/memory.ts';
import { type LocalServer, startLocalServer } from '../../server/local.ts';
import { rawRequest } from '../helpers/raw-http.ts';
import { resetServices, testServices } from '../helpers/services.ts';

/** This file's own services: every server it starts serves with them. */
const services = testServices();

const GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const ATTACKER = '127.0.0.2';
const VICTIM = '127.0.0.1';
let server: LocalServer;

before(async () => {
  server = await startLocalServer({ port: 0, services });
});
after(() => server.close());
beforeEach(() => resetServices(services, { config: services.config, store: new MemoryStore() }));
afterEach(() => {
  resetServices(services);
  clearTokenCache();
});

/** A POST from a chosen client address; returns status, headers and the parsed JSON body. */
async function postFrom(address: string, path: string, body: string, headers: Record<string, string>) {
  const res = await rawRequest(`${server.url}${path}`, { method: 'POST', body, headers, localAddress: address });
  return { status: res.status, replayed: res.headers['idempotency-replayed'], body: JSON.parse(res.text) as Record<string, unknown>, text: res.text };
}

const registerFrom = (address: string, key: string, body = '{"type":"anonymous"}') =>
  postFrom(address, '/agent/identity', body, { 'content-type': 'application/json', 'idempotency-key': key });

const exchangeFrom = (address: string, assertion: string, key: string) =>
  postFrom(address, '/agent/token', new URLSearchParams({ grant_type: GRANT, assertion }).toString(), {
    'content-type': 'application/x-www-form-urlencoded',
    'idempotency-key': key,
  });

describe('registration keys are scoped to the hashed client address', () => {
  test('two clients with the same key get different registrations; each one replays its own', async () => {
    const key = 'registro-7f3c2a'; // the literal key /auth.md used to show
    const attacker = await registerFrom(ATTACKER, key);
    assert.equal(attacker.status, 200, attacker.text);
    const victim = await registerFrom(VICTIM, key);
    assert.equal(victim.status, 200, victim.text);
    assert.equal(victim.replayed, undefined, 'a first call of this client, not a replay of the attacker');
    const a = registrationSchema.parse(attacker.body);
    const v = registrationSchema.parse(victim.body);
    assert.notEqual(v.registration_id, a.registration_id);
    assert.notEqual(v.identity_assertion, a.identity_assertion);

    const victimAgain = await registerFrom(VICTIM, key);
    assert.equal(victimAgain.replayed, 'true');
    assert.deepEqual(registrationSchema.parse(victimAgain.body), v);
    const attackerAgain = await registerFrom(ATTACKER, key);
    assert.equal(attackerAgain.replayed, 'true');
    assert.deepEqual(registrationSchema.parse(attackerAgain.body), a);
  });

  test('the same client with the same key and another body still gets 422', async () => {
    const key = crypto.randomUUID();
    assert.equal((await registerFrom(VICTIM, key)).status, 200);
    const reuse = await registerFrom(VICTIM, key, '{"type":"anonymous","nome":"outro"}');
    assert.equal(reuse.status, 422);
    assert.equal(reuse.body.error, 'idempotency_key_reuse');
    // Another client with that body and key: its own first call.
    assert.equal((await registerFrom(ATTACKER, key, '{"type":"anonymous","nome":"outro"}')).status, 200);
  });

  test('a __proto__ member is part of the body: same key → 422, the identical text → replay', async () => {
    const key = crypto.randomUUID();
    assert.equal((await registerFrom(VICTIM, key)).status, 200);
    const proto = await registerFrom(VICTIM, key, '{"type":"anonymous","__proto__":{"admin":true}}');
    assert.equal(proto.status, 422, proto.text);
    assert.equal(proto.body.error, 'idempotency_key_reuse');

    const key2 = crypto.randomUUID();
    const first = await registerFrom(VICTIM, key2, '{"type":"anonymous","__proto__":{"admin":true}}');
    assert.equal(first.status, 200, first.text);
    const again = await registerFrom(VICTIM, key2, '{ "__proto__": { "admin": true }, "type": "anonymous" }');
    assert.equal(again.replayed, 'true');
    assert.equal(again.body.registration_id, first.body.registration_id);
    const without = await registerFrom(VICTIM, key2);
    assert.equal(without.status, 422);
  });
});

describe('exchange keys are scoped to the assertion registration', () => {
  test("a key used first by an attacker does not make the victim's exchange fail; each replays its own token", async () => {
    const key = 'troca-7f3c2a-001'; // the literal key /auth.md used to show
    const attackerReg = registrationSchema.parse((await registerFrom(ATTACKER, crypto.randomUUID())).body);
    const victimReg = registrationSchema.parse((await registerFrom(VICTIM, crypto.randomUUID())).body);

    const attacker = await exchangeFrom(ATTACKER, attackerReg.identity_assertion, key);
    assert.equal(attacker.status, 200, attacker.text);
    const victim = await exchangeFrom(VICTIM, victimReg.identity_assertion, key);
    assert.equal(victim.status, 200, `not 422: ${victim.text}`);
    assert.equal(victim.replayed, undefined);
    const victimToken = tokenResponseSchema.parse(victim.body);
    assert.notEqual(victimToken.access_token, tokenResponseSchema.parse(attacker.body).access_token);

    const replay = await exchangeFrom(VICTIM, victimReg.identity_assertion, key);
    assert.equal(replay.replayed, 'true');
    assert.equal(tokenResponseSchema.parse(replay.body).access_token, victimToken.access_token);
  });

  test('the exchange scope follows the registration, not the address: the same assertion from another address replays', async () => {
    const reg = registrationSchema.parse((await registerFrom(VICTIM, crypto.randomUUID())).body);
    const key = crypto.randomUUID();
    const first = await exchangeFrom(VICTIM, reg.identity_assertion, key);
    const moved = await exchangeFrom(ATTACKER, reg.identity_assertion, key);
    assert.equal(moved.replayed, 'true');
    assert.equal(moved.body.access_token, first.body.access_token);
  });

  test('a forged or tampered assertion with a used key is an invalid_grant (no replay, no 422), and stores nothing', async () => {
    const reg = registrationSchema.parse((await registerFrom(VICTIM, crypto.randomUUID())).body);
    const key = crypto.randomUUID();
    assert.equal((await exchangeFrom(VICTIM, reg.identity_assertion, key)).status, 200);
    const [h, p, s] = reg.identity_assertion.split('.');
    const tampered = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith('AA') ? 'BB' : 'AA'}`;
    const forged = await exchangeFrom(ATTACKER, tampered, key);
    assert.equal(forged.status, 400);
    assert.equal(forged.body.error, 'invalid_grant');
  });
});

describe('no document, example or skill ships a literal Idempotency-Key', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  /** `Idempotency-Key: value`, `"Idempotency-Key": "value"`, `'idempotency-key': value` in any file. */
  const USE = /idempotency-key["'`]?[ \t]*[:=][ \t]*["'`]?([^\s"'`\\,)}]+)/gi;
  /** Generated values: a shell variable or command substitution, a JS expression, a placeholder. */
  const GENERATED = /^(\$|crypto\.randomUUID\(\)|randomUUID\(\)|<)/;

  async function* files(dir: string): AsyncGenerator<string> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) yield* files(path);
      else if (/\.(md|mdx|astro|ts|js|json|txt|html)$/.test(entry.name)) yield path;
    }
  }

  test('src/, content/, public/, docs/ and the built documents (auth.md, skills, llms) use generated keys', async () => {
    const found: string[] = [];
    for (const dir of ['src', 'content', 'public', 'docs', 'dist/.well-known/agent-skills']) {
      for await (const file of files(join(root, dir))) found.push(file);
    }
    for (const built of ['dist/auth.md', 'dist/llms.txt', 'dist/llms-full.txt', 'dist/agentes.md']) found.push(join(root, built));
    const literal: string[] = [];
    let generated = 0;
    for (const file of found) {
      const text = await readFile(file, 'utf8').catch(() => '');
      for (const match of text.matchAll(USE)) {
        if (GENERATED.test(match[1]!)) generated++;
        else literal.push(`${file.slice(root.length)}: ${match[0]}`);
      }
    }
    assert.deepEqual(literal, []);
    assert.ok(generated >= 2, 'the /auth.md examples still show the header, with a generated key');
  });
});
