/**
 * The firm's facts in the built site (dist/, built from the repository's content/empresa.json): what the file
 * states (the name, the city, the e-mail of CONTACT_EMAIL) appears in the footer, on /contato and /sobre and their
 * twins, in the Organization JSON-LD and in llms.txt, and no fact it leaves empty appears in any of them.
 * tests/integration/company-facts-build.test.ts builds the site with every fact filled.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { contactEmail } from '../../src/config/site.ts';
import { EMPTY_FACT_LABELS, companyPlaces } from '../helpers/company.ts';

let places: Record<string, string>;
before(async () => {
  places = await companyPlaces(fileURLToPath(new URL('../../dist/', import.meta.url)));
});

describe('company facts in the built site', () => {
  test('the stated facts appear in every place', () => {
    for (const [place, text] of Object.entries(places)) {
      assert.ok(text.includes('São Paulo'), `${place}: cidade`);
      assert.ok(text.includes(contactEmail()), `${place}: e-mail`);
    }
    assert.ok(places.rodapé!.includes('Sinal Cognitivo') && places['JSON-LD']!.includes('"name":"Sinal Cognitivo"'));
  });
  test('an empty fact appears nowhere: no label, no tel: or WhatsApp link, no taxID, legalName, telephone or sameAs', () => {
    for (const [place, text] of Object.entries(places)) {
      for (const label of EMPTY_FACT_LABELS) assert.ok(!text.includes(label), `${place}: ${label}`);
      for (const mark of ['tel:', 'wa.me', '"taxID"', '"legalName"', '"telephone"', '"sameAs"', '"foundingDate"', '"postalCode"', '"streetAddress"'])
        assert.ok(!text.includes(mark), `${place}: ${mark}`);
    }
  });
});
