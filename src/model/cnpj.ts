/**
 * The CNPJ (Cadastro Nacional da Pessoa Jurídica) and its two check digits, so a mistyped number in
 * content/empresa.json fails the build instead of reaching the footer and the JSON-LD. Both forms are valid:
 * the numeric one and the alphanumeric one of IN RFB 2.229/2024 (issued from July 2026: the first twelve
 * characters may be letters; each character counts as its ASCII code minus 48, so digits keep their value).
 */

/** The 14 characters of a CNPJ without punctuation, letters in upper case (`12.ABC.345/01DE-35` → `12ABC34501DE35`). */
export const cnpjCharacters = (value: string): string => value.replace(/[.\/\-\s]/g, '').toUpperCase();

const value = (c: string): number => c.charCodeAt(0) - 48;

/** One check digit over `base` (12 or 13 characters): weights 2 to 9 from the right, modulo 11. */
function checkDigit(base: string): number {
  let sum = 0;
  for (let i = 0; i < base.length; i++) sum += value(base[base.length - 1 - i]!) * (2 + (i % 8));
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Whether `input` (with or without punctuation) is a CNPJ whose check digits match. */
export function isValidCnpj(input: string): boolean {
  const c = cnpjCharacters(input);
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(c)) return false;
  // Fourteen equal digits pass the arithmetic but are no one's number.
  if (/^(\d)\1{13}$/.test(c)) return false;
  const first = checkDigit(c.slice(0, 12));
  const second = checkDigit(c.slice(0, 12) + first);
  return c.endsWith(`${first}${second}`);
}

/** The CNPJ as written on documents: `12.345.678/0001-95`. */
export const formatCnpj = (input: string): string => {
  const c = cnpjCharacters(input);
  return `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;
};
