/**
 * Storage that was configured but cannot be used: a storage variable is set and unusable
 * (UPSTASH_REDIS_REST_URL in the `redis://` form, a token without its URL, a DATA_DIR that is a file, not a
 * database or corrupted). Never a silent fallback to memory, where a lead would get its confirmation and be gone
 * after a restart: every operation is `StoreUnavailableError`, so the contact form and the instrument answer
 * 503 with the e-mail address (Netlify), and `npm start` and `npm run contatos` refuse to start with `problem`
 * (server/start.ts, scripts/contatos.ts).
 *
 * `problem` is pt-BR, names the variable and the expected form, and never holds a secret (no token, no URL
 * with a password: see ./settings.ts). It is logged once per process, at the first operation.
 */
import { type Store, StoreUnavailableError } from './types.ts';

export class UnusableStore implements Store {
  readonly kind = 'unusable' as const;
  readonly problem: string;
  #logged = false;

  constructor(problem: string) {
    this.problem = problem;
  }

  #fail(): never {
    if (!this.#logged) {
      this.#logged = true;
      console.error(`[armazenamento] ${this.problem} Até a correção, contatos, medições e leituras respondem 503.`);
    }
    throw new StoreUnavailableError(undefined, this.problem);
  }

  async get<T = unknown>(_key: string): Promise<T | null> {
    this.#fail();
  }

  async set(): Promise<boolean> {
    this.#fail();
  }

  async hit(): Promise<{ count: number; resetSeconds: number }> {
    this.#fail();
  }

  async delete(): Promise<void> {
    this.#fail();
  }
}
