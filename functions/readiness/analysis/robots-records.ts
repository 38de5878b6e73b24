/**
 * The records of a robots.txt as `field: value` pairs, for the extensions other standards add to it (ARD's
 * `Agentmap:`, aipref's `Content-Usage:`): comments removed, field names lowercased, values trimmed, lines without a
 * colon skipped. Only the first 500 KiB is read (RFC 9309 §2.5), line by line with indexOf (nothing backtracks).
 * The Allow/Disallow matcher is analysis/robots.ts.
 */
const ROBOTS_MAX_CHARS = 500 * 1024;

export function* robotsRecords(robots: string): Generator<{ field: string; value: string }> {
  const text = robots.length > ROBOTS_MAX_CHARS ? robots.slice(0, ROBOTS_MAX_CHARS) : robots;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    let line = text.slice(start, end);
    start = end + 1;
    const hash = line.indexOf('#');
    if (hash !== -1) line = line.slice(0, hash);
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    yield { field: line.slice(0, colon).trim().toLowerCase(), value: line.slice(colon + 1).trim() };
  }
}
