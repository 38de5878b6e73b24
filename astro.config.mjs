// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import siteArtifacts from './src/build/integration.ts';
import { satteri } from '@astrojs/markdown-satteri';
import { imageDimensions } from './src/build/image-dimensions.ts';
import { siteOrigin } from './src/config/site.ts';

export default defineConfig({
  site: siteOrigin(),
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'never' },
  compressHTML: true,
  // Plain <pre><code>: Shiki writes inline style attributes, which the page CSP (style-src 'self') refuses.
  // The content's images get their size and load lazily (src/build/image-dimensions.ts); MDX extends this config.
  markdown: { syntaxHighlight: false, processor: satteri({ hastPlugins: [imageDimensions()] }) },
  integrations: [mdx(), siteArtifacts()],
  devToolbar: { enabled: false },
  vite: {
    build: {
      rolldownOptions: {
        output: {
          // Astro names a page's CSS after the page file: `[...rota].astro` gives `_astro/_..<hash>.css`, a name
          // that the local server (and careful static hosts) refuse. Keep asset names to letters, digits and hyphens.
          assetFileNames: (asset) => {
            const base = (asset.names?.[0] ?? '').replace(/\.[^.]*$/, '').replace(/[^a-zA-Z0-9-]+/g, '');
            return `_astro/${base || 'estilo'}.[hash][extname]`;
          },
        },
      },
    },
  },
});
