/** `whenAgain` (src/model/measurement.ts): the limit message says when, in pt-BR and Brasília time, never in seconds. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { whenAgain } from '../../src/model/measurement.ts';

const at = (iso: string) => Date.parse(iso);

describe('whenAgain', () => {
  test('today, tomorrow, or the date, at Brasília time (UTC-3), rounded up to the minute', () => {
    // 10:00 in Brasília; again at 16:05 the same day.
    assert.equal(whenAgain(at('2026-11-24T13:00:00Z'), at('2026-11-24T19:05:00Z')), 'hoje às 16h05');
    // 17:00 in Brasília; again at 14:20 the next day (the 24 h window of a measurement made yesterday at 14:20).
    assert.equal(whenAgain(at('2026-11-24T20:00:00Z'), at('2026-11-25T17:19:30Z')), 'amanhã às 14h20');
    // Late evening UTC is still "today" in Brasília.
    assert.equal(whenAgain(at('2026-11-25T01:00:00Z'), at('2026-11-25T02:00:00Z')), 'hoje às 23h00');
    assert.equal(whenAgain(at('2026-11-24T13:00:00Z'), at('2026-11-26T12:00:00Z')), 'em 26/11 às 9h00');
  });
});
