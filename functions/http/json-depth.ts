/**
 * The nesting depth of a parsed JSON value, measured without recursion. Libraries that walk request bodies
 * recursively (the A2A SDK's converters and `structuredClone`) overflow the stack on a 64 KB body of nested
 * arrays, so handlers that pass parsed bodies to them refuse too deep a value first, as a 4xx.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether `value` nests objects or arrays deeper than `max` levels (a scalar is depth 0). */
export function jsonTooDeep(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}
