/**
 * The RFC 9727 API catalog (`/.well-known/api-catalog`): a Linkset (RFC 9264, `application/linkset+json`
 * with the RFC 9727 profile) whose context is the API (`{origin}/api`) with its machine description
 * (`service-desc`, the OpenAPI file), human documentation (`service-doc`), policies and metadata
 * (`service-meta`: protected resource metadata and the versioning policy) and status (`status`: `GET /api`).
 */
export const API_CATALOG_PROFILE = 'https://www.rfc-editor.org/info/rfc9727';
export const API_CATALOG_MEDIA_TYPE = `application/linkset+json; profile="${API_CATALOG_PROFILE}"`;

export interface LinkTarget {
  href: string;
  type?: string;
  title?: string;
  hreflang?: string[];
}

export interface ApiCatalog {
  linkset: ({ anchor: string } & Record<string, LinkTarget[] | string>)[];
}

export function apiCatalog(origin: string): ApiCatalog {
  return {
    linkset: [
      {
        anchor: `${origin}/api`,
        'service-desc': [{ href: `${origin}/api/openapi.json`, type: 'application/vnd.oai.openapi+json', title: 'OpenAPI 3.1 da API v1, do sandbox, da autenticação e de /ask' }],
        'service-doc': [
          { href: `${origin}/agentes`, type: 'text/html', hreflang: ['pt-BR'], title: 'Visão geral para agentes e desenvolvedores' },
          { href: `${origin}/auth.md`, type: 'text/markdown', hreflang: ['pt-BR'], title: 'Autenticação de agentes: cadastro anônimo e troca por token' },
        ],
        'service-meta': [
          { href: `${origin}/.well-known/oauth-protected-resource`, type: 'application/json', title: 'Metadados do recurso protegido (RFC 9728)' },
          { href: `${origin}/api/versioning.md`, type: 'text/markdown', hreflang: ['pt-BR'], title: 'Política de versionamento e depreciação' },
        ],
        status: [{ href: `${origin}/api`, type: 'application/json', title: 'Índice público da API' }],
      },
    ],
  };
}
