/**
 * Share images (Open Graph, X cards, `BlogPosting.image`): one 1200×630 PNG per page with the page's title and
 * section on the site's identity (colours of src/styles/global.css, the mark of public/logo.svg), laid out by
 * satori (text wrapping, Inter from @fontsource/inter: no download at build) and rasterized by resvg.
 * Plain Node: runs in the publish worker (./publish-pages.ts), not in Astro's renderer. Which pages get their
 * own image and what each image's path and text alternative are is decided in src/lib/share-images.ts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { SITE_NAME } from '../config/site.ts';
import { SHARE_IMAGE_SIZE } from '../lib/share-images.ts';

const require = createRequire(import.meta.url);
const font = (weight: 400 | 700) => readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`));
const FONTS = [
  { name: 'Inter', data: font(400), weight: 400 as const, style: 'normal' as const },
  { name: 'Inter', data: font(700), weight: 700 as const, style: 'normal' as const },
];

/** The palette of src/styles/global.css (`--hero`, `--hero-ink`, `--hero-muted`, `--signal`, `--brand`). */
const COLOURS = { hero: '#0c2a33', heroInk: '#f4f1ea', heroMuted: '#b9c8cc', signal: '#f2b54a', brand: '#0b5563' };

/** The mark of public/logo.svg (its first 40×40 units), as an image satori can place. */
const MARK = `data:image/svg+xml;base64,${Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="${COLOURS.brand}"/><circle cx="20" cy="20" r="4" fill="${COLOURS.heroInk}"/><path d="M26.9 14.2a9 9 0 0 1 0 11.6M13.1 25.8a9 9 0 0 1 0-11.6" fill="none" stroke="${COLOURS.signal}" stroke-width="3" stroke-linecap="round"/><path d="M31.5 10.4a15 15 0 0 1 0 19.2M8.5 29.6a15 15 0 0 1 0-19.2" fill="none" stroke="${COLOURS.signal}" stroke-opacity=".55" stroke-width="3" stroke-linecap="round"/></svg>`,
).toString('base64')}`;

type Node = { type: string; props: Record<string, unknown> & { children?: unknown } };
const h = (type: string, style: Record<string, unknown>, children?: unknown, extra: Record<string, unknown> = {}): Node => ({
  type,
  props: { style, children, ...extra },
});

/** Title size by length, so that long titles stay within four lines. */
const titleSize = (title: string) => (title.length <= 40 ? 76 : title.length <= 70 ? 64 : title.length <= 110 ? 52 : 44);

export interface ShareImageText {
  titulo: string;
  /** The section's name as the site shows it (SECTIONS of src/model/routes.ts). */
  secao: string;
}

/**
 * The share image of a page, as a PNG. resvg frees an image's pixels (3 MB, outside V8's heap) in finalizers that
 * run from the event loop: draw images with a turn of the loop between them (./publish-pages.ts writes each file
 * before drawing the next); drawn in one chain of promises, 273 images held 800 MB.
 */
export async function renderShareImage({ titulo, secao }: ShareImageText): Promise<Buffer> {
  const { width, height } = SHARE_IMAGE_SIZE;
  const tree = h(
    'div',
    { width, height, boxSizing: 'border-box', display: 'flex', flexDirection: 'column', justifyContent: 'space-between', padding: '72px 80px', background: COLOURS.hero, color: COLOURS.heroInk, fontFamily: 'Inter' },
    [
      h('div', { display: 'flex', alignItems: 'center', gap: 20, fontSize: 30, fontWeight: 700, color: COLOURS.signal, textTransform: 'uppercase', letterSpacing: 3 }, [
        h('div', { width: 14, height: 14, borderRadius: 7, background: COLOURS.signal }),
        secao,
      ]),
      h('div', { display: 'flex', fontSize: titleSize(titulo), fontWeight: 700, lineHeight: 1.12, letterSpacing: -1.5, maxHeight: 4 * 1.12 * titleSize(titulo), overflow: 'hidden' }, titulo),
      h('div', { display: 'flex', alignItems: 'center', gap: 22, borderTop: `2px solid ${COLOURS.brand}`, paddingTop: 32 }, [
        h('img', { width: 64, height: 64 }, undefined, { src: MARK, width: 64, height: 64 }),
        h('div', { display: 'flex', fontSize: 36, fontWeight: 700, color: COLOURS.heroInk }, SITE_NAME),
      ]),
    ],
  );
  const svg = await satori(tree as unknown as Parameters<typeof satori>[0], { width, height, fonts: FONTS });
  return new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render().asPng();
}
