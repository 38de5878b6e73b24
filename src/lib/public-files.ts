/**
 * The files of `public/` as the site serves them (root-relative paths: `public/imagens/grafico.png` →
 * `/imagens/grafico.png`): what images, author photos and links to files in the content must exist in.
 */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The served paths of the files under `<root>/public` (none when there is no such folder). */
export function publicFilesOf(root: string = process.cwd()): Set<string> {
  const dir = join(root, 'public');
  try {
    return new Set(
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => `/${relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/')}`),
    );
  } catch {
    return new Set();
  }
}
