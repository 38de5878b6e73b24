/**
 * Preloaded (`--import`) in the test files that `npm run test:fast` runs while the site is still being built
 * (BUILD_FREE in scripts/test.ts): importing anything the build writes (`.generated/`, `dist/`) fails at once, with
 * the file to move out of that list, instead of reading a file the build is rewriting.
 */
import { registerHooks } from 'node:module';

const root = new URL('../../', import.meta.url).href;
const BUILD_OUTPUT = [`${root}.generated/`, `${root}dist/`];

registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context);
    if (BUILD_OUTPUT.some((prefix) => resolved.url.startsWith(prefix))) {
      throw new Error(
        `${context.parentURL ?? specifier} importa ${resolved.url.slice(root.length)}, que o build escreve: este teste roda durante o build (BUILD_FREE em scripts/test.ts); tire-o de lá.`,
      );
    }
    return resolved;
  },
});
