import { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's default 128 MB of shared buffers live in PGlite's WebAssembly memory, which never
 * shrinks; the embedded database is small, and 16 MB hold it with room (docs/OPERATIONS.md, Memory).
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
