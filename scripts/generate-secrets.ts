/**
 * Prints fresh production secrets for Netlify's environment variables (never commit them):
 * AGENT_JWT_SECRET (HS256 signing secret) and READER_SIGNING_KEY (private Ed25519 JWK of the reading agent).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';

const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
console.log(`AGENT_JWT_SECRET=${randomBytes(48).toString('base64url')}`);
console.log(`READER_SIGNING_KEY=${JSON.stringify(jwk)}`);
