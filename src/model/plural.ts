/**
 * pt-BR number agreement for text a person reads: "1 página", "3 páginas" (zero takes the plural, as in
 * Portuguese), never "página(s)". The phrase agrees as a whole: pass both forms ("bloco JSON-LD válido",
 * "blocos JSON-LD válidos").
 */
export const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** Only the form that agrees with `n`, for phrases where the number is written elsewhere ("3 de 5 páginas amostradas"). */
export const agree = (n: number, one: string, many: string): string => (n === 1 ? one : many);
