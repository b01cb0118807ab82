// The Node flags of every start of the compiled server: `npm start` (its package.json says the
// same, checked by node-flags.test.ts), `npm run start:production`, the tests' server processes,
// the browser journeys' product and the benches.
//
// --max-semi-space-size=16 (MB): Node 22 and later size V8's young generation by the machine's
// memory, up to 64 MB a semi-space, where Node 20 stopped at 16. On a large machine the server then
// kept about twice the memory after start, for no throughput the benches could measure
// (bench:license; figures in docs/figures-history.md).
//
// --liftoff-only: PGlite's WASM on V8's baseline compiler alone (db/client.ts says why). Set there
// at run time too, for the servers the tests build in their own process; on Node 24 that came too
// late to stop V8 tiering hot functions up (more code regions and memory after a first start on
// PGlite, bench:api), where on Node 20 it had the flag's full effect. No WASM runs on PostgreSQL.
export const SERVER_NODE_FLAGS = Object.freeze(['--enable-source-maps', '--max-semi-space-size=16', '--liftoff-only']);
