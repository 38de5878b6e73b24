/** Typed responses for static endpoints (the type travels to `_headers` by extension). */
import { MARKDOWN_MEDIA_TYPE } from '../model/media-types.ts';

export const text = (body: string, type = 'text/plain; charset=utf-8') => new Response(body, { headers: { 'Content-Type': type } });
export const markdown = (body: string) => text(body, MARKDOWN_MEDIA_TYPE);
export const json = (value: unknown) => text(`${JSON.stringify(value, null, 2)}\n`, 'application/json; charset=utf-8');
export const jsonLines = (values: unknown[]) => text(`${values.map((v) => JSON.stringify(v)).join('\n')}\n`, 'application/jsonl; charset=utf-8');
export const xml = (body: string) => text(body, 'application/xml; charset=utf-8');
