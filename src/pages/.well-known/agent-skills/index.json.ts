import type { APIRoute } from 'astro';
import { skillsIndex } from '../../../lib/agent-discovery.ts';
import { json } from '../../../lib/responses.ts';

/** Agent skills discovery (v0.2.0): digests are computed from the exact SKILL.md text served. */
export const GET: APIRoute = () => json(skillsIndex());
