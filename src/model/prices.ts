/** The public prices, read from content/precos.json and validated once. */
import raw from '../../content/precos.json' with { type: 'json' };
import { type Precos, type Produto, precosSchema } from './content.ts';
import { parseOrThrow } from './validation.ts';

export const PRICES_FILE = 'content/precos.json';

let cached: Precos | undefined;
export const loadPrices = (): Precos => (cached ??= parseOrThrow(precosSchema, raw, PRICES_FILE));

export const findProduct = (id: string): Produto | undefined => loadPrices().produtos.find((p) => p.id === id);

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
export const formatBRL = (value: number): string => brl.format(value);
