/**
 * The ways to talk (issue 20, item 3): declared once with the company facts (content/empresa.json), the deploy's
 * environment overriding each (CONTACT_WHATSAPP, CONTACT_PHONE in E.164, CONTACT_SCHEDULING_URL), a malformed
 * variable ignored with a warning naming it; absent channels give no link (src/model/contact-channels.ts,
 * src/model/company.ts). The functions' configuration reads the same (functions/config.ts).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadConfig } from '../../functions/config.ts';
import { contactChannels, effectiveCompany, loadCompany, whatsappLink, whatsappMessage } from '../../src/model/company.ts';
import { channelsOf, contactOverrides, displayPhone, e164, hasChannels, httpsUrl, phoneNumberDigits, telHref } from '../../src/model/contact-channels.ts';
import { FILLED_COMPANY } from '../helpers/company.ts';

const ENV = { CONTACT_WHATSAPP: '+55 (11) 98765-4321', CONTACT_PHONE: '+551140040000', CONTACT_SCHEDULING_URL: 'https://cal.com/sinal-cognitivo/conversa' };

describe('the forms of a number and an address', () => {
  test('a number as people read it: Brazilian ones as the company file writes them', () => {
    assert.equal(displayPhone('5511987654321'), '+55 11 98765-4321');
    assert.equal(displayPhone('551130000000'), '+55 11 3000-0000');
    assert.equal(displayPhone('14155550123'), '+14155550123');
    assert.equal(phoneNumberDigits('+55 (11) 98765-4321'), '5511987654321');
    assert.equal(phoneNumberDigits('98765-4321'), undefined);
  });

  test('E.164: a plus, the country code, at most 15 digits, nothing else', () => {
    assert.equal(e164('+5511987654321'), '+5511987654321');
    for (const bad of ['5511987654321', '+55 11 98765-4321', '+0511987654321', '+1234567', `+${'1'.repeat(16)}`]) assert.equal(e164(bad), undefined, bad);
    assert.equal(telHref('+5511987654321'), 'tel:+5511987654321');
  });

  test('scheduling: https only', () => {
    assert.equal(httpsUrl('https://cal.com/x'), 'https://cal.com/x');
    for (const bad of ['http://cal.com/x', 'cal.com/x', 'javascript:alert(1)', '']) assert.equal(httpsUrl(bad), undefined, bad);
  });
});

describe('file and environment', () => {
  test('the repository states no way to talk: no channel, no link', () => {
    const channels = contactChannels(effectiveCompany({}));
    assert.deepEqual(channels, {});
    assert.equal(hasChannels(channels), false);
    assert.equal(whatsappLink(undefined, channels), undefined);
  });

  test('the file\'s channels, with a wa.me link whose message is pre-filled', () => {
    const channels = channelsOf(loadCompany(FILLED_COMPANY));
    assert.deepEqual(channels, {
      whatsapp: { digits: '5511930000001', display: '+55 11 93000-0001' },
      phone: { e164: '+551130000000', display: '+55 11 3000-0000' },
      scheduling: { url: 'https://cal.com/sinal-cognitivo-teste' },
    });
    const link = new URL(whatsappLink(undefined, channels)!);
    assert.equal(`${link.origin}${link.pathname}`, 'https://wa.me/5511930000001');
    assert.equal(link.searchParams.get('text'), whatsappMessage());
    assert.match(whatsappMessage('o Diagnóstico de Visibilidade'), /^Olá! Vim pelo site da Sinal Cognitivo e quero conversar sobre o Diagnóstico de Visibilidade\.$/);
  });

  test('the environment overrides each fact of the file', () => {
    const channels = contactChannels(effectiveCompany(ENV, loadCompany(FILLED_COMPANY)));
    assert.deepEqual(channels, {
      whatsapp: { digits: '5511987654321', display: '+55 11 98765-4321' },
      phone: { e164: '+551140040000', display: '+55 11 4004-0000' },
      scheduling: { url: 'https://cal.com/sinal-cognitivo/conversa' },
    });
  });

  test('a malformed variable is ignored, named in a warning, and the file\'s value stays', () => {
    const overrides = contactOverrides({ CONTACT_WHATSAPP: 'whatsapp', CONTACT_PHONE: '+55 11 4004-0000', CONTACT_SCHEDULING_URL: 'http://cal.com/x' });
    assert.deepEqual([overrides.whatsapp, overrides.telefone, overrides.agendamento], [undefined, undefined, undefined]);
    assert.equal(overrides.problems.length, 3);
    for (const [i, name] of ['CONTACT_WHATSAPP', 'CONTACT_PHONE', 'CONTACT_SCHEDULING_URL'].entries()) assert.match(overrides.problems[i]!, new RegExp(`^${name} .*content/empresa\\.json`));
    assert.deepEqual(channelsOf(effectiveCompany({ CONTACT_PHONE: 'x' }, loadCompany(FILLED_COMPANY))).phone, { e164: '+551130000000', display: '+55 11 3000-0000' });
    assert.deepEqual(contactOverrides({ CONTACT_WHATSAPP: '  ', CONTACT_PHONE: '' }), { problems: [] }, 'empty: not set');
  });

  test('the functions\' configuration has the same channels (the offer after a result)', () => {
    const config = loadConfig({ ...ENV });
    assert.deepEqual(config.contactChannels, contactChannels(effectiveCompany(ENV)));
    assert.equal(config.contactWhatsapp, '5511987654321');
    assert.deepEqual(loadConfig({}).contactChannels, {});
  });
});
