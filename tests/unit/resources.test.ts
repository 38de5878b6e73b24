/**
 * One schema per resource (src/model/resources.ts): the OpenAPI components and the MCP tools' output schemas are
 * built from the very same schema objects, and the data the build publishes (`.generated/site-data.json`), the
 * sandbox fixtures and the API's prices body all parse with them.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import { pricesBody } from '../../src/model/prices.ts';
import { API_SURFACE } from '../../functions/api/operations.ts';
import { SANDBOX_CATALOGUE, SANDBOX_PAGES } from '../../functions/api/sandbox/fixtures.ts';
import { siteData } from '../../functions/content/site-data.ts';
import { PRODUCT_TOOLS } from '../../functions/mcp/product-tools.ts';
import { COMPONENT_SCHEMAS } from '../../functions/operations.ts';
import {
  catalogueSchema,
  indexEntrySchema,
  objectiveSchema,
  pageSummarySchema,
  pricesSchema,
  productSchema,
  searchResultSchema,
  solutionSchema,
} from '../../src/model/resources.ts';

const tool = (name: string) => {
  const found = PRODUCT_TOOLS.find((t) => t.name === name);
  assert.ok(found, name);
  return found.outputSchema.shape as Record<string, z.ZodType>;
};
const element = (schema: z.ZodType | undefined): unknown => (schema instanceof z.ZodArray ? schema.element : undefined);

describe('um esquema por recurso', () => {
  test('os componentes do OpenAPI são os próprios esquemas de src/model/resources.ts', () => {
    assert.equal(API_SURFACE.schemas.PaginaResumo, pageSummarySchema);
    assert.equal(API_SURFACE.schemas.ResultadoBusca, searchResultSchema);
    assert.equal(API_SURFACE.schemas.Solucao, solutionSchema);
    assert.equal(API_SURFACE.schemas.Objetivo, objectiveSchema);
    assert.equal(API_SURFACE.schemas.Produto, productSchema);
    // Every component is a distinct schema under one name.
    assert.equal(new Set(COMPONENT_SCHEMAS.values()).size, COMPONENT_SCHEMAS.size);
  });

  test('as ferramentas MCP devolvem os mesmos esquemas', () => {
    assert.equal(element(tool('list_services').solucoes), solutionSchema);
    assert.equal(element(tool('list_services').objetivos), objectiveSchema);
    assert.equal(element(tool('get_pricing').produtos), productSchema);
    assert.equal(tool('get_pricing').sobProposta, pricesSchema.shape.sobProposta);
    const hit = element(tool('search_site').resultados) as z.ZodObject;
    for (const [key, schema] of Object.entries(searchResultSchema.shape)) assert.equal(hit.shape[key], schema, `search_site.${key}`);
  });

  test('os dados publicados pelo build e as fixtures do sandbox seguem os esquemas', () => {
    const origin = 'https://exemplo.com.br';
    const withUrls = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll('https://origem.invalid', origin)) as T;
    const pages = withUrls(siteData.paginas);
    assert.ok(pages.length > 0);
    for (const page of pages) indexEntrySchema.extend({ markdown: z.string() }).parse(page);
    catalogueSchema.parse(withUrls(siteData.catalogo));
    for (const page of withUrls(SANDBOX_PAGES)) indexEntrySchema.parse(page);
    catalogueSchema.parse(withUrls(SANDBOX_CATALOGUE));
    pricesSchema.parse(pricesBody(origin));
  });
});
