/** Whether a parsed JSON value is an object (not null, not an array): the one test every reader of foreign JSON uses. */
export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
