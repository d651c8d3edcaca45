/**
 * The database as tests, browser specs and bench reach it directly (rows inserted or read around
 * the API): every table of the schema and the client that opens a database. Import it as
 * `@agent-console/server/test/db`, never from `apps/server/src`.
 */

export { type Database, openDatabase } from '../src/db/client';
export * from '../src/db/schema';
export * from '../src/modules/system/post/post.schema';
export * from '../src/modules/system/post/post-holders.schema';
