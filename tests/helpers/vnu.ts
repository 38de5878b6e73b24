/**
 * The Nu checker (vnu.jar, the W3C validator's engine), run as a child process: HTML documents, and SVG with
 * `--svg`. Needs Java (`requireVnu()` says whether to skip: loudly outside CI, never in CI).
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { requireSystem, which } from './system.ts';

export const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

export interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/**
 * Not defects. WebMCP's declarative API (W3C Community Group draft, declarative-api-explainer.md; see
 * shared/reference/standards.md §9) exposes a form to agents through `toolname`, `tooldescription` and
 * `toolparamdescription` (src/components/MeasurementForm.astro); they are not in the HTML standard yet.
 */
export const VNU_HTML_ALLOWED: readonly { pattern: RegExp; why: string }[] = [
  {
    pattern: /^Attribute “tool(name|description|paramdescription|autosubmit)” not allowed on element “(form|input|select|textarea)” at this point\.$/,
    why: 'atributos declarativos do WebMCP (rascunho do W3C CG), ainda fora do padrão HTML',
  },
];

/** Skip reason when Java is missing (outside CI), false when the checker can run. */
export const requireVnu = (): false | string => requireSystem('java', 'default-jre-headless');

/**
 * The JVM for one short check: the client compiler only (`-XX:TieredStopAtLevel=1`: a run over all of dist/ takes
 * 1.8 s of CPU instead of 4.3 s, the same report), with the deeper thread stack the checker's schema then needs
 * (it asks for at least 512k; 1m overflows without the server compiler, 2m is enough).
 */
const JVM_OPTIONS = ['-XX:TieredStopAtLevel=1', '-Xss8m'];

/** Runs vnu with `args` (files or folders last) and returns its messages (vnu writes its JSON report to stderr). */
export function runVnu(args: readonly string[], timeoutMs = 170_000): VnuMessage[] {
  const result = spawnSync(which('java')!, [...JVM_OPTIONS, '-jar', VNU_JAR, '--format', 'json', ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: timeoutMs });
  if (result.error) throw new Error(`vnu não rodou: ${result.error.message}`);
  try {
    return (JSON.parse(result.stderr) as { messages: VnuMessage[] }).messages;
  } catch {
    throw new Error(`saída do vnu ilegível (status ${result.status}): ${result.stderr.slice(0, 600)}`);
  }
}
