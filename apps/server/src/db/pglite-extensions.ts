import type { Extensions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The PostgreSQL extensions the migrations create, as PGlite loads them: every PGlite the server,
 * the CLI or a test opens must have them, or `CREATE EXTENSION` (in migration 0020, and in any
 * backup's dump) fails. pg_trgm: the trigram indexes of USERS' search.
 */
export const pgliteExtensions = { pg_trgm } satisfies Extensions;
