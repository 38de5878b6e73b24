/** What a route handler receives: the request context plus the request's URL, the data source and who is calling. */
import type { RequestContext } from '../context.ts';
import type { ApiData } from './data.ts';

export interface ApiContext extends RequestContext {
  url: URL;
  /** The service origin ({base_url}). */
  origin: string;
  /** Site data for v1, fixed data for the sandbox. */
  data: ApiData;
  /** Under /api/v1/sandbox/. */
  sandbox: boolean;
  /** The token's registration_id; null without a bearer (sandbox, open routes). */
  registrationId: string | null;
}
