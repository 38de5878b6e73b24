/** Facts of the llms.txt files that the site publishes and the instrument checks on other sites. */

/**
 * Upper bound of llms-full.txt, in characters. Readers load the file whole: isitagentready's check fails a file
 * over 5,000,000 characters, and Mintlify stops there too. A larger site gets its most important pages
 * (src/lib/llms-full.ts); the readiness check `llms-full-txt` holds other sites to the same bound.
 */
export const LLMS_FULL_MAX_CHARS = 5_000_000;
