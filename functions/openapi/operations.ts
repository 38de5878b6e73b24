/**
 * Every area's OpenAPI registration module, imported for its side effect. An area with operations adds its
 * module here (schemas and descriptions only: no data imports).
 */
import '../api/operations.ts';
import './auth-operations.ts';
import '../ask/openapi.ts';
