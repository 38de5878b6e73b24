/**
 * The follow-up's local timer and words (functions/follow/scheduler.ts, messages.ts), with node:test's mock timers:
 * how often `npm start` looks at the queue for FOLLOW_INTERVAL_S, that each tick reads the queue, that a stopped
 * timer reads nothing more, and how an interval is said in pt-BR.
 */
import assert from 'node:assert/strict';
import { mock, test } from 'node:test';
import { loadConfig } from '../../../functions/config.ts';
import { describeInterval } from '../../../functions/follow/messages.ts';
import { localTickMs, startFollowTimer } from '../../../functions/follow/scheduler.ts';
import { MemoryStore } from '../../../functions/store/memory.ts';
import { recordingStore } from '../../helpers/stores.ts';
import { testServices } from '../../helpers/services.ts';

test('the local timer looks at the queue every half interval, between 1 s and 1 min', () => {
  assert.equal(localTickMs(7 * 24 * 3600), 60_000);
  assert.equal(localTickMs(60), 30_000);
  assert.equal(localTickMs(2), 1_000);
  assert.equal(localTickMs(1), 1_000);
});

test('each tick of the timer reads the queue; a stopped timer reads nothing more', async () => {
  mock.timers.enable({ apis: ['setInterval'] });
  try {
    const calls: string[] = [];
    const config = loadConfig({ ...process.env, SMTP_URL: 'smtp://127.0.0.1:9', FOLLOW_INTERVAL_S: '2' });
    const services = testServices({}, { config, store: recordingStore(new MemoryStore(), calls) });
    const stop = startFollowTimer(services);
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    mock.timers.tick(999);
    await settle();
    assert.deepEqual(calls, []);
    mock.timers.tick(1);
    await settle();
    assert.deepEqual(calls, ['get acompanhar:fila'], 'one run: the queue is empty, nothing else');
    mock.timers.tick(1_000);
    await settle();
    assert.equal(calls.length, 2);
    stop();
    mock.timers.tick(10_000);
    await settle();
    assert.equal(calls.length, 2);
  } finally {
    mock.timers.reset();
  }
});

test('an interval in pt-BR words', () => {
  assert.equal(describeInterval(604_800), 'toda semana');
  assert.equal(describeInterval(2 * 604_800), 'a cada 2 semanas');
  assert.equal(describeInterval(86_400), 'todo dia');
  assert.equal(describeInterval(3 * 86_400), 'a cada 3 dias');
  assert.equal(describeInterval(7_200), 'a cada 2 horas');
  assert.equal(describeInterval(60), 'todo minuto');
  assert.equal(describeInterval(90), 'a cada 90 segundos');
  assert.equal(describeInterval(2), 'a cada 2 segundos');
});
