/** The icons people's devices use: apple-touch-icon and the web manifest, linked from every page, served with their types and sizes. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type LocalServer, startLocalServer } from '../../server/local.ts';

let server: LocalServer;
before(async () => {
  server = await startLocalServer({ port: 0 });
});
after(async () => server?.close());

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Uint8Array): [number, number] => {
  assert.deepEqual([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47], 'a PNG');
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return [view.getUint32(16), view.getUint32(20)];
};

async function png(path: string): Promise<[number, number]> {
  const res = await fetch(`${server.url}${path}`);
  assert.equal(res.status, 200, path);
  assert.equal(res.headers.get('content-type'), 'image/png', path);
  return pngSize(new Uint8Array(await res.arrayBuffer()));
}

test('every page links the apple-touch-icon and the manifest', async () => {
  for (const path of ['/', '/precos', '/blog/llms-txt-na-pratica']) {
    const html = await (await fetch(`${server.url}${path}`)).text();
    assert.match(html, /<link rel="apple-touch-icon" href="\/apple-touch-icon\.png"/, path);
    assert.match(html, /<link rel="manifest" href="\/manifest\.webmanifest"/, path);
  }
  assert.deepEqual(await png('/apple-touch-icon.png'), [180, 180]);
});

test('the manifest: pt-BR name, and icons that exist at the sizes they declare (one maskable)', async () => {
  const res = await fetch(`${server.url}/manifest.webmanifest`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'application/manifest+json');
  const manifest = (await res.json()) as { name: string; short_name: string; lang: string; start_url: string; icons: { src: string; sizes: string; purpose?: string }[] };
  assert.equal(manifest.lang, 'pt-BR');
  assert.equal(manifest.start_url, '/');
  assert.ok(manifest.short_name.length <= 15);
  assert.ok(manifest.icons.some((i) => i.purpose === 'maskable'));
  for (const icon of manifest.icons) {
    const [w, h] = await png(icon.src);
    assert.equal(`${w}x${h}`, icon.sizes, icon.src);
  }
});
