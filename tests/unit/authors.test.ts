/**
 * An author with a photo and public profiles (none of content/autores has them yet): the page model lists the
 * profiles in the fact sheet (twin and page) and the Person JSON-LD carries them as `sameAs` and the photo as
 * `image`; without them, neither property appears. Assembled in process from content/ (tests/helpers/content.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { siteOrigin } from '../../src/config/site.ts';
import { describePage } from '../../src/lib/pages/index.ts';
import { organizationId } from '../../src/lib/schema-org.ts';
import { publicFilesOf } from '../../src/lib/public-files.ts';
import { checkContent, readContentFiles } from '../helpers/content.ts';

const FILE = 'content/autores/rafael-tavares.md';
const PROFILES = ['https://www.linkedin.com/in/exemplo', 'https://github.com/exemplo'];

async function rafael(extra: string, photo?: string) {
  const files = readContentFiles(process.cwd());
  files.set(FILE, files.get(FILE)!.replace(/^---\n/, `---\n${extra}`));
  // The photo is a file of public/ (the build checks it exists).
  const { model, error } = checkContent(files, new Set([...publicFilesOf(process.cwd()), ...(photo ? [photo] : [])]));
  assert.ok(model, error);
  const page = model.autores.get('Rafael Tavares');
  assert.ok(page);
  assert.equal(page.rota, 'autores/rafael-tavares');
  return describePage(page, model);
}

test('profiles and photo: in the fact sheet, as sameAs and image of the Person', async () => {
  const view = await rafael(`foto: "/autores/rafael.jpg"\nperfis: ${JSON.stringify(PROFILES)}\n`, '/autores/rafael.jpg');
  const fatos = view.secoes.find((s) => s.tipo === 'fatos');
  assert.deepEqual(fatos?.tipo === 'fatos' && fatos.fatos.find((f) => f.rotulo === 'Perfis')?.valor, PROFILES);
  const person = view.jsonLd.find((o) => (o as { '@type': string })['@type'] === 'Person') as Record<string, unknown>;
  assert.deepEqual(person.sameAs, PROFILES);
  assert.equal(person.image, `${siteOrigin()}/autores/rafael.jpg`);
  assert.deepEqual(person.worksFor, { '@id': organizationId(siteOrigin()) });
});

test('without profiles or photo, the Person has no sameAs nor image and the sheet no Perfis', async () => {
  const view = await rafael('');
  const person = view.jsonLd.find((o) => (o as { '@type': string })['@type'] === 'Person') as Record<string, unknown>;
  assert.equal(person.sameAs, undefined);
  assert.equal(person.image, undefined);
  const fatos = view.secoes.find((s) => s.tipo === 'fatos');
  assert.ok(fatos?.tipo === 'fatos' && !fatos.fatos.some((f) => f.rotulo === 'Perfis'));
});
