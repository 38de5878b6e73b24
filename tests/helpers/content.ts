/**
 * The content checks of the build, in process: the build's own check (src/build/content-check.ts: Astro's front
 * matter parser, the collections' schemas with the pt-BR messages, the site model's checks across entries, the
 * files of public/) over a copy of content/ held in memory. A content error test runs in milliseconds instead of
 * a build; tests/integration/content-errors.test.ts proves with real builds that the same messages reach the output.
 */
import { type ContentFiles, checkContent as check, readContentFiles, reportMessage } from '../../src/build/content-check.ts';
import { publicFilesOf } from '../../src/lib/public-files.ts';
import { CONTENT_HINT, type SiteModel } from '../../src/lib/site-model.ts';

export { type ContentFiles, readContentFiles };

/** What the build says of `files`: the model when it builds, else the message naming each file and field. */
export function checkContent(files: ContentFiles, publicFiles: ReadonlySet<string> = publicFilesOf(process.cwd())): { model?: SiteModel; error?: string } {
  const { model, problems } = check(files, publicFiles);
  return problems.size ? { error: `${reportMessage(problems)}\n${CONTENT_HINT}` } : { model };
}
