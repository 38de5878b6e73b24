/** The size of the content's images, read from their headers (src/build/image-size.ts), for the width and height the build writes. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { imageSize } from '../../src/build/image-size.ts';

const bytes = (...parts: (number[] | string)[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const be16 = (n: number) => [(n >>> 8) & 255, n & 255];
const le16 = (n: number) => [n & 255, (n >>> 8) & 255];
const le24 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];

test('PNG: the share image of the site', () => {
  assert.deepEqual(imageSize(readFileSync('public/og.png')), { width: 1200, height: 630 });
});

test('JPEG (after an APP0 segment), GIF, WebP (VP8X, VP8L, VP8), AVIF and SVG', () => {
  const jpeg = bytes([0xff, 0xd8, 0xff, 0xe0], be16(16), new Array(14).fill(0), [0xff, 0xc0], be16(17), [8], be16(480), be16(640), [3]);
  assert.deepEqual(imageSize(jpeg), { width: 640, height: 480 });
  assert.deepEqual(imageSize(bytes('GIF89a', le16(320), le16(200), [0, 0, 0])), { width: 320, height: 200 });
  const riff = (chunk: string, payload: number[]) => bytes('RIFF', [0, 0, 0, 0], 'WEBP', chunk, [0, 0, 0, 0], payload, new Array(8).fill(0));
  assert.deepEqual(imageSize(riff('VP8X', [0, 0, 0, 0, ...le24(1599), ...le24(899)])), { width: 1600, height: 900 });
  const vp8lBits = (800 - 1) | ((600 - 1) << 14);
  assert.deepEqual(imageSize(riff('VP8L', [0x2f, vp8lBits & 255, (vp8lBits >>> 8) & 255, (vp8lBits >>> 16) & 255, (vp8lBits >>> 24) & 255])), { width: 800, height: 600 });
  assert.deepEqual(imageSize(riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(1024), ...le16(768)])), { width: 1024, height: 768 });
  const avif = bytes(be32(24), 'ftypavif', be32(0), 'mif1miaf', be32(20), 'ispe', be32(0), be32(1920), be32(1080));
  assert.deepEqual(imageSize(avif), { width: 1920, height: 1080 });
  const svg = (attrs: string) => new TextEncoder().encode(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" ${attrs}></svg>`);
  assert.deepEqual(imageSize(svg('width="120" height="40"')), { width: 120, height: 40 });
  assert.deepEqual(imageSize(svg('viewBox="0 0 300 150" width="100%"')), { width: 300, height: 150 });
});

test('not an image, or no size: undefined', () => {
  assert.equal(imageSize(new TextEncoder().encode('não é uma imagem')), undefined);
  assert.equal(imageSize(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>')), undefined);
  assert.equal(imageSize(new Uint8Array()), undefined);
});
