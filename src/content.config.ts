/**
 * Astro content collections over the top-level `content/` folder. The schemas live in src/model/content.ts;
 * the route of every entry is derived in src/model/routes.ts. This file only wires them to the loaders
 * (`pt()` makes the frontmatter errors pt-BR and name the field: src/model/validation.ts).
 */
import { defineCollection } from 'astro:content';
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { glob, type Loader } from 'astro/loaders';
import { COLLECTION_SCHEMAS as schemas } from './model/content.ts';
import { ContentError, contentChecked, frontMatterOf, withContentMessages as pt, writtenDateProblems } from './model/validation.ts';

/**
 * The file path without extension is the id (and, below its section prefix, the route). Before an entry's data
 * is validated, its front matter is read as written: YAML silently rolls an impossible date over
 * (`2026-13-01` → 2027-01-01) and a Brazilian date (`25/11/2026`) is only text, so such a date fails here, naming
 * the file and the field. (The build checks all the content before, reporting every problem at once:
 * src/build/content-check.ts, and then skips this second read of every file; this stays for `astro dev`.)
 */
const byPath = (base: string): Loader => {
  const loader = glob({ pattern: '**/*.{md,mdx}', base, generateId: ({ entry }) => entry.replace(/\.mdx?$/, '') });
  return {
    ...loader,
    load: (context) =>
      loader.load({
        ...context,
        parseData: async (props) => {
          if (props.filePath && !contentChecked()) {
            const problems = writtenDateProblems(frontMatterOf(await readFile(props.filePath, 'utf8')));
            if (problems.length) throw new ContentError(relative(process.cwd(), props.filePath), problems);
          }
          return context.parseData(props);
        },
      }),
  };
};

export const collections = {
  paginas: defineCollection({ loader: byPath('./content/paginas'), schema: pt(schemas.paginas) }),
  solucoes: defineCollection({ loader: byPath('./content/solucoes'), schema: pt(schemas.solucoes) }),
  objetivos: defineCollection({ loader: byPath('./content/objetivos'), schema: pt(schemas.objetivos) }),
  blog: defineCollection({ loader: byPath('./content/blog'), schema: pt(schemas.blog) }),
  documentos: defineCollection({ loader: byPath('./content/documentos'), schema: pt(schemas.documentos) }),
  autores: defineCollection({ loader: byPath('./content/autores'), schema: pt(schemas.autores) }),
};
