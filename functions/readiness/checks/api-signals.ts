/** Whether the site shows signs of a public API (then API discovery checks apply). Shared by several checks. */
import { parseLinkHeader } from '../analysis/link-header.ts';
import { isObject, type MeasurementContext, ok200 } from '../context.ts';

export async function apiSignals(ctx: MeasurementContext): Promise<string[]> {
  const signals: string[] = [];
  const rels = parseLinkHeader(ctx.home.headers.get('link')).flatMap((l) => l.rel);
  if (rels.includes('api-catalog')) signals.push('cabeçalho Link rel="api-catalog"');
  if (rels.includes('service-desc')) signals.push('cabeçalho Link rel="service-desc"');
  const [catalog, openapi, prm] = await Promise.all([ctx.apiCatalog(), ctx.openApi(), ctx.protectedResource()]);
  if (ok200(catalog.probe) && isObject(catalog.json)) signals.push('/.well-known/api-catalog');
  if (openapi) signals.push(`OpenAPI em ${new URL(openapi.url).pathname}`);
  if (ok200(prm.probe) && isObject(prm.json)) signals.push('/.well-known/oauth-protected-resource');
  return signals;
}

/** Security schemes of the OpenAPI document that imply OAuth / bearer protection. */
export async function openApiUsesOAuth(ctx: MeasurementContext): Promise<boolean> {
  const doc = (await ctx.openApi())?.json;
  if (!isObject(doc) || !isObject(doc.components) || !isObject(doc.components.securitySchemes)) return false;
  return Object.values(doc.components.securitySchemes).some(
    (s) => isObject(s) && (s.type === 'oauth2' || s.type === 'openIdConnect' || (s.type === 'http' && String(s.scheme).toLowerCase() === 'bearer')),
  );
}
