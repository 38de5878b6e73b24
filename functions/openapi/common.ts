/**
 * What every surface's operations share: the contract's error body (component `Erro`).
 */
import { z } from 'zod';
import { ERROR_STATUS } from '../http/errors.ts';

const ERROR_CODES = Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]];

export const errorSchema = z
    .object({
      error: z.enum(ERROR_CODES).describe('Código do erro (catálogo do contrato).'),
      error_description: z.string().describe('Explicação em pt-BR; o texto pode mudar sem aviso (mudança compatível).'),
      auth: z.url().optional().describe('Só em 401: URL do documento de autenticação (/auth.md).'),
      sandbox: z.url().optional().describe('Só em 401: URL do sandbox, que dispensa token.'),
    })
    .describe('Corpo de erro: sempre `{ error, error_description }`; um 401 acrescenta `auth` e `sandbox`.');

/** The component schemas no single surface owns. */
export const COMMON_SCHEMAS = { Erro: errorSchema } as const;

export type ErrorBody = z.infer<typeof errorSchema>;
