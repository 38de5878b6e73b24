/**
 * OAuth discovery metadata, built from the origin: RFC 9728 protected resource metadata (served at
 * /.well-known/oauth-protected-resource and /.well-known/oauth-protected-resource/api/v1) and RFC 8414
 * authorization server metadata with the `agent_auth` block (exactly `skill`, `identity_endpoint`,
 * `identity_types_supported`, `events_supported`; no claim, events, identity_assertion or revocation member).
 */
import { API_NAME } from '../../src/config/site.ts';
import type { AuthorizationServerMetadata, ProtectedResourceMetadata } from './schemas.ts';
import { JWT_BEARER_GRANT, SCOPES, apiResource } from './tokens.ts';

export function protectedResourceMetadata(origin: string): ProtectedResourceMetadata {
  return {
    resource: apiResource(origin),
    authorization_servers: [origin],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    sandbox: `${origin}/api/v1/sandbox/`,
    resource_name: API_NAME,
    resource_documentation: `${origin}/auth.md`,
  };
}

export function authorizationServerMetadata(origin: string): AuthorizationServerMetadata {
  return {
    issuer: origin,
    token_endpoint: `${origin}/agent/token`,
    grant_types_supported: [JWT_BEARER_GRANT],
    token_endpoint_auth_methods_supported: ['none'],
    response_types_supported: [],
    scopes_supported: [...SCOPES],
    service_documentation: `${origin}/auth.md`,
    agent_auth: {
      skill: `${origin}/auth.md`,
      identity_endpoint: `${origin}/agent/identity`,
      identity_types_supported: ['anonymous'],
      events_supported: [],
    },
  };
}
