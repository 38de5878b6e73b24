/**
 * Astro content collections over the top-level `content/` folder. The schemas live in src/model/content.ts;
 * the route of every entry is derived in src/model/routes.ts. This file only wires them to the loaders
 * (`pt()` makes the frontmatter errors pt-BR and name the field: src/model/validation.ts).
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { COLLECTION_SCHEMAS as schemas } from './model/content.ts';
import { withContentMessages as pt } from './model/validation.ts';

/** The file path without extension is the id (and, below its section prefix, the route). */
const byPath = (base: string) =>
  glob({ pattern: '**/*.{md,mdx}', base, generateId: ({ entry }) => entry.replace(/\.mdx?$/, '') });

export const collections = {
  paginas: defineCollection({ loader: byPath('./content/paginas'), schema: pt(schemas.paginas) }),
  solucoes: defineCollection({ loader: byPath('./content/solucoes'), schema: pt(schemas.solucoes) }),
  objetivos: defineCollection({ loader: byPath('./content/objetivos'), schema: pt(schemas.objetivos) }),
  blog: defineCollection({ loader: byPath('./content/blog'), schema: pt(schemas.blog) }),
  documentos: defineCollection({ loader: byPath('./content/documentos'), schema: pt(schemas.documentos) }),
};
