/**
 * What the checks of one measurement read: the home page already fetched and analyzed, and three jobs, each in its
 * own module, composed here:
 *
 * - the probe (./probe.ts): every request to the measured site, memoized (each URL + Accept fetched once whatever
 *   number of checks read it), kept on the measured origin, with its evidence and the interference it met;
 * - discovery (./discovery.ts): robots.txt, llms.txt, the sitemap, the API catalog, OpenAPI, the protected-resource
 *   metadata and the MCP card, each read once;
 * - sampling (./sampling.ts): the sampled pages, their twins and the llms.txt links, under the sampling budget.
 *
 * Every analysis of site content is bounded and runs under the measurement's deadline (`deadline.ts`). The checks
 * import what they read from this module (its types and helpers are the probe's, discovery's and sampling's).
 */
import { isObject } from '../../src/model/json-object.ts';
import { analyzeHtml, type PageAnalysis } from './analysis/html.ts';
import type { Deadline } from './deadline.ts';
import { createDiscovery, type Discovery } from './discovery.ts';
import type { FetchedResponse, SafeFetch } from './fetch/safe-fetch.ts';
import { createProber, type Prober } from './probe.ts';
import { createSampling, type Sampling } from './sampling.ts';

export { isObject };
export { HTML_ACCEPT, isResponse, ok200, type Decisive, type Probe, type ProbeOptions } from './probe.ts';
export { parseJson, SITEMAP_CHILDREN, type JsonDocument, type LlmsInfo, type RobotsInfo, type SitemapInfo } from './discovery.ts';
export {
  isEndpointLink,
  LLMS_LINKS_MAX,
  SAMPLE_MAX,
  spread,
  TWIN_ACCEPT,
  type LlmsLinkProbe,
  type SampledPage,
  type SampleReport,
  type Twin,
  type Twins,
} from './sampling.ts';

export interface MeasurementContext extends Omit<Prober, 'origin'>, Discovery, Sampling {
  domain: string;
  /**
   * Origin of the site after the home page's redirects (e.g. https://www.example.com): the measured origin.
   * Every other request stays on it (and on its http:// form, for the HTTPS check): `get` refuses any other
   * origin without contacting it, and redirects elsewhere are not followed (issue 18, item 13).
   */
  origin: string;
  /** The User-Agent every request of the reading sends. */
  userAgent: string;
  home: FetchedResponse;
  page: PageAnalysis;
  /** Measuring a loopback fixture (tests only): HTTPS does not apply. */
  loopback: boolean;
  /** https was unreachable and the site was measured over http. */
  httpFallback: boolean;
  /** The measurement's budget: long analyses `await deadline.pause()` between slices. */
  deadline: Deadline;
}

export interface ContextInit {
  domain: string;
  home: FetchedResponse;
  /** The Accept the home page was asked with (its evidence). */
  homeAccept?: string;
  /** The User-Agent the fetcher sends (evidence and reproductions). */
  userAgent: string;
  fetch: SafeFetch;
  loopback: boolean;
  httpFallback: boolean;
  deadline: Deadline;
}

export async function createContext(init: ContextInit): Promise<MeasurementContext> {
  const { deadline, home } = init;
  const page = await analyzeHtml(home.body, deadline);
  const prober = createProber(init);
  const discovery = createDiscovery(prober, { home, page, deadline });
  const sampling = createSampling(prober, discovery, { home, page, deadline });
  return {
    ...prober,
    ...discovery,
    ...sampling,
    domain: init.domain,
    home,
    page,
    userAgent: init.userAgent,
    loopback: init.loopback,
    httpFallback: init.httpFallback,
    deadline,
  };
}
