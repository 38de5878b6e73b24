/**
 * Identity and origin of the service. Shared by the Astro build, the functions and the local server.
 * Every value that differs between deploys comes from the environment.
 */
import empresa from '../../content/empresa.json' with { type: 'json' };

export type Env = Readonly<Record<string, string | undefined>>;

/** The process environment (empty where there is no `process`, e.g. a browser bundle). */
export const processEnv = (): Env => (typeof process !== 'undefined' && process.env ? process.env : {});

const read = (env: Env, name: string): string | undefined => {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
};

/** The firm's trade name, declared with its other facts in content/empresa.json (validated by src/model/company.ts). */
export const SITE_NAME: string = empresa.nomeFantasia;
export const SITE_TAGLINE = 'Consultoria de visibilidade em buscas e em motores generativos';
export const SITE_LOCALE = 'pt-BR';
export const API_NAME = `API pública da ${SITE_NAME}`;
export const API_VERSION = '1.0.0';

/**
 * The site's share image (the organization's schema.org `image`, and the 404 page's card). Every page of the site
 * model has its own, generated at build (src/lib/share-images.ts).
 */
export const SHARE_IMAGE = {
  path: '/og.png',
  alt: `${SITE_NAME}: visibilidade em buscas e em motores generativos`,
  width: 1200,
  height: 630,
} as const;

export const contactEmail = (env: Env = processEnv()): string => read(env, 'CONTACT_EMAIL') ?? 'contato@sinalcognitivo.com.br';

/** Netlify deploy contexts other than production are previews: their tokens carry `sandbox: true`. */
export const isPreviewDeploy = (env: Env = processEnv()): boolean => {
  if (read(env, 'SITE_PREVIEW') === '1') return true;
  const context = read(env, 'CONTEXT');
  return context === 'deploy-preview' || context === 'branch-deploy';
};

/** The service origin ({base_url}), without a trailing slash: a pure function of `env` (the process's by default). */
export const siteOrigin = (env: Env = processEnv()): string => {
  const explicit = read(env, 'SITE_URL');
  if (explicit) return new URL(explicit).origin;
  if (read(env, 'NETLIFY') === 'true' || read(env, 'CONTEXT')) {
    const url = read(env, 'CONTEXT') === 'production' ? read(env, 'URL') : (read(env, 'DEPLOY_PRIME_URL') ?? read(env, 'URL'));
    if (url) return new URL(url).origin;
  }
  return `http://localhost:${read(env, 'PORT') ?? '8888'}`;
};

/** Absolute URL for a route (`index` is the home page) or a root-relative path. */
export const absoluteUrl = (pathOrRoute: string, origin = siteOrigin()): string => {
  if (pathOrRoute === 'index' || pathOrRoute === '' || pathOrRoute === '/') return `${origin}/`;
  return `${origin}/${pathOrRoute.replace(/^\//, '')}`;
};
