/**
 * `npm run icons`: renders public/favicon.svg into the PNG icons the site links (apple-touch-icon, the web
 * manifest's 192/512 and maskable icons) with the Chromium the browser tests use. Run it after changing the
 * favicon and commit the PNGs: the build only copies them.
 * Apple touch and maskable icons are full-bleed (iOS and Android apply their own mask); the maskable artwork
 * sits inside the central safe zone.
 */
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const root = new URL('../', import.meta.url);
const BACKGROUND = '#0b5563';
const ICONS: { file: string; size: number; mode: 'transparent' | 'full-bleed' | 'maskable' }[] = [
  { file: 'apple-touch-icon.png', size: 180, mode: 'full-bleed' },
  { file: 'icon-192.png', size: 192, mode: 'transparent' },
  { file: 'icon-512.png', size: 512, mode: 'transparent' },
  { file: 'icon-maskable-512.png', size: 512, mode: 'maskable' },
];

const svg = await readFile(new URL('public/favicon.svg', root), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
});
try {
  for (const { file, size, mode } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const art = mode === 'maskable' ? Math.round(size * 0.7) : size;
    const image = svg.replace('<svg ', `<svg width="${art}" height="${art}" `);
    const background = mode === 'transparent' ? 'transparent' : BACKGROUND;
    await page.setContent(
      `<html><body style="margin:0;background:${background}"><div style="width:${size}px;height:${size}px;display:flex;align-items:center;justify-content:center">${image}</div></body></html>`,
    );
    await page.screenshot({ path: new URL(`public/${file}`, root).pathname, omitBackground: mode === 'transparent', clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
  }
} finally {
  await browser.close();
}
