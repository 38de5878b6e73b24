/**
 * The shape of a hostile or malformed post to one of the site's forms (the contact form, the follow-up, the report
 * by e-mail), shared by their attack tables (contact-cases.ts, domain-request-cases.ts and the tables built on it).
 * Each form's test sends the row and expects a clear 4xx in the contract's JSON.
 */
export interface FormAttackCase {
  name: string;
  headers?: Record<string, string>;
  /** Sent as is, once the table's placeholders (`{big}`, `{dominio}`) are replaced. */
  body?: string;
  /** Raw body bytes (instead of `body`). */
  bytes?: number[];
  method?: string;
  status: number;
  /** The contract error code of the JSON answer (clients that do not ask for HTML). */
  error: string;
  /** Words the refusal must say (pt-BR, no field names). */
  says?: RegExp;
}

/** A form post's content type. */
export const form = { 'content-type': 'application/x-www-form-urlencoded' };
