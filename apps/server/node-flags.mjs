// The Node flags of every start of the compiled server: `npm start` (its package.json says the
// same, checked by node-flags.test.ts), `npm run start:production`, the tests' server processes,
// the browser journeys' product and the benches.
//
// --max-semi-space-size=16 (MB): Node 22 and later size V8's young generation by the machine's
// memory, up to 64 MB a semi-space, where Node 20 stopped at 16. On a 24 GiB machine the server
// then sat at 323 MB after start on PostgreSQL instead of 160 (688 instead of 400 on PGlite), for no
// throughput the benches could measure (validate on PostgreSQL read the same within noise, bench:license).
export const SERVER_NODE_FLAGS = Object.freeze(['--enable-source-maps', '--max-semi-space-size=16']);
