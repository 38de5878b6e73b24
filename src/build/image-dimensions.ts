/**
 * The content's images as the site serves them: a markdown image (`![texto](/imagens/grafico.png)`) or an `<img>`
 * of an MDX page, whose file is in public/, gets its width and height (read from the file: ./image-size.ts), so
 * the text does not jump when it loads, and loads lazily. A hast plugin of Sätteri, Astro's Markdown processor
 * (astro.config.mjs, `markdown.processor`); the build's content check has already refused missing files, relative
 * paths and missing text alternatives (src/lib/site-model.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HastPluginDefinition } from 'satteri';
import { type ImageSize, imageSize } from './image-size.ts';

/** The plugin; `root` is the project folder (public/ is under it). */
export function imageDimensions(options: { root?: string } = {}): HastPluginDefinition {
  const publicDir = join(options.root ?? process.cwd(), 'public');
  const sizes = new Map<string, ImageSize | undefined>();
  const sizeOf = (path: string): ImageSize | undefined => {
    if (!sizes.has(path)) {
      let size: ImageSize | undefined;
      try {
        size = imageSize(readFileSync(join(publicDir, path)));
      } catch {
        size = undefined;
      }
      sizes.set(path, size);
    }
    return sizes.get(path);
  };
  return {
    name: 'image-dimensions',
    element: {
      filter: ['img'],
      visit(node, ctx) {
        const props = (node.properties ?? {}) as Record<string, unknown>;
        const src = typeof props.src === 'string' ? props.src : '';
        if (!src.startsWith('/') || src.startsWith('//')) return;
        if (props.loading === undefined) ctx.setProperty(node, 'loading', 'lazy');
        if (props.decoding === undefined) ctx.setProperty(node, 'decoding', 'async');
        if (props.width !== undefined || props.height !== undefined) return;
        let path: string;
        try {
          path = decodeURI(src.split(/[?#]/)[0]!);
        } catch {
          return;
        }
        const size = sizeOf(path);
        if (!size) return;
        ctx.setProperty(node, 'width', size.width);
        ctx.setProperty(node, 'height', size.height);
      },
    },
  };
}
