/**
 * MDX entries have raw MDX as `body`; their markdown twin is made from the rendered HTML instead, so that
 * components and expressions come out as their output, never as source.
 */
import { getContainerRenderer } from '@astrojs/mdx/container-renderer';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { loadRenderers } from 'astro:container';
import { type CollectionEntry, render } from 'astro:content';
import { NodeHtmlMarkdown } from 'node-html-markdown';

let container: Promise<AstroContainer> | undefined;
const html2md = new NodeHtmlMarkdown({ bulletMarker: '-', codeBlockStyle: 'fenced', keepDataImages: false });

export const isMdx = (entry: { filePath?: string }): boolean => !!entry.filePath?.endsWith('.mdx');

export async function mdxToMarkdown(entry: CollectionEntry<'paginas' | 'blog'>): Promise<string> {
  container ??= loadRenderers([getContainerRenderer()]).then((renderers) => AstroContainer.create({ renderers }));
  const { Content } = await render(entry);
  const html = await (await container).renderToString(Content);
  return html2md.translate(html).trim();
}
