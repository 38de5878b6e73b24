/** `/solucoes` (catalogue and the five entry points) and `/precos` (the same data as /pricing.md). */
import type { ApiContext } from '../context.ts';
import { cachedJson } from '../respond.ts';

export const solutions = (ctx: ApiContext): Response => cachedJson(ctx.data, 'solucoes', () => ctx.data.solutions());

export const prices = (ctx: ApiContext): Response => cachedJson(ctx.data, 'precos', () => ctx.data.prices());
