/**
 * Creates a PGlite data directory (PostgreSQL's initdb) and exits: run by db/client.ts in a
 * process of its own, with V8's baseline WebAssembly compiler only, when the server finds its data
 * directory empty (docs/OPERATIONS.md, Memory). Usage: node --liftoff-only db/pglite-create.ts DIR
 */
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_START_PARAMS } from './pglite-params.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('Usage: node db/pglite-create.ts <data directory>');
const client = await PGlite.create(dataDir, { startParams: PGLITE_START_PARAMS });
await client.close();
