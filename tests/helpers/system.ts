/**
 * System dependencies of a suite (Chromium, redis-server). Outside CI a missing one skips the suite with a
 * loud message saying what to install; under CI=true it fails, since no suite may skip itself there.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const which = (binary: string): string | undefined => {
  if (binary.startsWith('/')) {
    try {
      accessSync(binary, constants.X_OK);
      return binary;
    } catch {
      return undefined;
    }
  }
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    try {
      accessSync(join(dir, binary), constants.X_OK);
      return join(dir, binary);
    } catch {}
  }
  return undefined;
};

/** `false` when the binary exists; otherwise a skip reason (outside CI) or a thrown error (under CI). */
export function requireSystem(binary: string, aptPackage: string): false | string {
  if (which(binary)) return false;
  const message = `${binary} não encontrado: instale com \`sudo apt-get install -y ${aptPackage}\` para rodar esta suíte`;
  if (process.env.CI === 'true' || process.env.CI === '1') throw new Error(`${message} (em CI nenhuma suíte pode ser pulada)`);
  console.warn(`\n!!! SUÍTE PULADA: ${message}\n`);
  return message;
}

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** Where browser tests keep their screenshots (git-ignored). */
export const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));

/** The two viewports every browser test of a page runs: a desktop and a 390 px phone. */
export const VIEWPORTS = [
  { name: 'desktop', options: { viewport: { width: 1280, height: 900 } } },
  { name: 'celular', options: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } },
] as const;
