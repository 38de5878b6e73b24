/**
 * Characters that make a text lie about itself when it is shown again: C0 controls and DEL, C1 controls
 * (U+0080–U+009F, among them NEL and the 8-bit CSI of terminals), the bidirectional marks, embeddings,
 * overrides and isolates (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), and the Unicode line
 * separators. One definition for every place that receives outside text and shows it again: a reading's
 * free texts (functions/readiness/bounds.ts), the contact form's fields (functions/contact/fields.ts), the
 * webhook message and the terminal of `npm run contatos`.
 */

/** Line breaks of every kind (CR, LF, VT, FF, NEL, U+2028, U+2029) and tabs. */
export const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;

/** Control characters (C0, DEL, C1) and bidirectional controls; line breaks and tabs are among them. */
export const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The same class without tab and LF, for texts that keep their lines (a message). */
const CONTROLS_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Whether `text` holds any control or bidirectional character (tested without the global flag's state). */
export const hasControls = (text: string): boolean => text.search(CONTROLS) !== -1;

/**
 * Text without controls: on one line (every line break and tab becomes a space), or, with `multiline`, with
 * its lines and tabs kept (CRLF, CR, NEL, U+2028 and U+2029 become LF).
 */
export function stripControls(text: string, multiline = false): string {
  if (!multiline) return text.replace(LINE_BREAKS, ' ').replace(CONTROLS, '');
  return text
    .replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n')
    .replace(CONTROLS_BUT_LINES, '');
}

/**
 * Text for a terminal: every control or bidirectional character (LF included) shown as its code point
 * (`\u{202E}`), so a stored value can neither move the cursor, recolour the screen nor reorder what follows.
 */
export const visibleControls = (text: string): string =>
  text.replace(CONTROLS, (c) => `\\u{${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}}`);
