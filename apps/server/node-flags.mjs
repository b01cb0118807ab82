// The Node flags of every start of the compiled server: `npm start` (its package.json says the
// same, checked by node-flags.test.ts), `npm run start:production`, the tests' server processes,
// the browser journeys' product and the benches.
//
// --max-semi-space-size=16 (MB): Node 22 and later size V8's young generation by the machine's
// memory, up to 64 MB a semi-space, where Node 20 stopped at 16. On a 24 GiB machine the server
// then sat at 323 MB after start on PostgreSQL instead of 160 (688 instead of 400 on PGlite), for no
// throughput the benches could measure (validate on PostgreSQL read the same within noise, bench:license).
//
// --liftoff-only: PGlite's WASM on V8's baseline compiler alone (db/client.ts says why). Set there
// at run time too, for the servers the tests build in their own process; on Node 24 that came too
// late to stop V8 tiering hot functions up (three more code regions, 60-130 MB after a first start
// on PGlite, bench:api), where on Node 20 it had the flag's full effect. No WASM runs on PostgreSQL.
export const SERVER_NODE_FLAGS = Object.freeze(['--enable-source-maps', '--max-semi-space-size=16', '--liftoff-only']);
