/**
 * Server internals that browser specs and bench rely on, exposed here so that nothing outside
 * apps/server reaches into `apps/server/src`: the cap of counted totals in paged lists, the
 * password hash (for users inserted straight into the database), and the vector search with the
 * seeded random numbers the vectors bench draws its vectors from.
 */
export { COUNT_CAP } from '../src/http/paging';
export { createOpenAiEmbeddings } from '../src/integrations/embedding';
export { hashPassword } from '../src/lib/password';
export { prng } from '../src/lib/prng';
export { unitVector, VectorMatrix, vectorBackend } from '../src/lib/vector-search';
/** The message log's write path (it keeps the metrics roll-ups), for specs that seed conversations. */
export { storeIncomingMessage } from '../src/modules/messaging/inbox/incoming-batch';
export { storeOwnMessage } from '../src/modules/messaging/inbox/own-message';
