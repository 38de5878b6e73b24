// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import siteArtifacts from './src/build/integration.ts';
import { siteOrigin } from './src/config/site.ts';

export default defineConfig({
  site: siteOrigin(),
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'never' },
  compressHTML: true,
  // Plain <pre><code>: Shiki writes inline style attributes, which the page CSP (style-src 'self') refuses.
  markdown: { syntaxHighlight: false },
  integrations: [mdx(), siteArtifacts()],
  devToolbar: { enabled: false },
});
