/**
 * HTML escaping, on its own: pure, so the Astro build (the contact form's markup) and the functions share it
 * without loading the page shell's generated data.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or attribute value as HTML (the five significant characters escaped). */
export const escapeHtml = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
