/** Why a figure misses its target and what it would take; shown in latest.md. */
export const EXPLANATIONS: Record<string, string> = {
  'api-vs-sql':
    'Measured on 2026-11-24 with the machine at a load average of 9 to 16 (other engineers’ work on ' +
    'the same two cores), so the API, the load generator and the database all waited for the CPU; ' +
    'the API spends several times the CPU of the minimal route per call and loses most from that. ' +
    'Where the API’s time goes (issue 19): each call reads its session, user, roles, permissions and ' +
    'data scope (three queries in two round trips) before the page and the capped count, builds ' +
    'both queries with drizzle and maps the rows; the minimal Fastify + pg route runs only the page ' +
    'and the count on the same pool size. What it would take: the auth cache (one combined query on a ' +
    'miss), hot queries prepared once and cheap row mapping, and counting only on a first page or ' +
    'changed filters: the server work of issue 19, under way; the lead reruns the bench after it. ' +
    'The deep page cannot meet its target while the API pages by pageNum: OFFSET 99,980 walks every ' +
    'row it skips, so the raw SQL alone has a p50 of 132 ms on PostgreSQL and 839 ms on PGlite at c8. ' +
    'What it would take: keyset (cursor) paging, under way; DEEP_PAGE_SHAPE in ' +
    'bench/scenarios/api-vs-sql.ts then sends the cursor instead of pageNum.',
  'knowledge/QA import of 10000 rows to searchable':
    'On PostgreSQL (10.3 s against 4.2 s on PGlite) every batch’s statements are round trips over ' +
    'TCP to a server that shares the two cores, where PGlite runs them inside the process; measured ' +
    'at a load average of 9. What it would take: multi-row inserts or COPY per batch (issue 19, ' +
    'document processing), which would cut the round trips on both databases.',
  knowledge:
    'The generated DOCX is 9.5 MiB compressed but holds about 38 MB of text: some 10,000 fragments ' +
    'and 9,000 mined QA, each tokenised for Chinese search and indexed. Mining now checks and ' +
    'inserts per batch of 50 fragments (it was per fragment: 88 s). What it would take: tokenising ' +
    'in a worker thread while the previous batch is written, and bulk COPY instead of INSERT.',
  hostile:
    'Parsing no longer touches the event loop: documents and sheets are read in a worker thread, ' +
    'and the hostile DOCX is refused by its element count in a few seconds. What the API still waits ' +
    'for is the embedded database: PGlite runs in the server process on one connection, so a call ' +
    'waits for the import transaction in hand. Import transactions are sized to take about 60 ms ' +
    'and keep the search indexes’ pending list at 64 kB (a 4 MB merge took over a second), which ' +
    'took p99 from 1.8 s to under 200 ms at the cost of a slower bulk import of long answers. What ' +
    'it would take to go lower: PostgreSQL (DATABASE_URL), where calls get their own connections, or ' +
    'running the embedded database in its own thread with calls ahead of background batches. On ' +
    'PostgreSQL the document list’s p99 while processing (206 ms) is below its p99 when idle ' +
    '(236 ms): the miss there is the machine’s load (9.5 to 11), not the processing.',
  soak:
    'Two parts. The connection storm, measured on purpose: 200 clients open their connection and ask ' +
    'for their user at the same moment; the last answer took 3.0 s on both databases. Then, on the ' +
    'open connections, the 60 s window: 200 clients that never pause, so by Little’s law the mean ' +
    'wait is 200 ÷ throughput (154 requests a second on PGlite: 1.3 s; 122 on PostgreSQL: 1.6 s), ' +
    'and a p99 of 1 s needs several times the throughput this server reaches on two shared cores ' +
    '(load average 7 to 13 during these runs). On PGlite the longest wait (9.7 s) is a call queued ' +
    'behind other calls’ synchronous WASM queries on the server thread. What it would take: the ' +
    'per-call savings of api-vs-sql (auth cache, prepared queries) for throughput, and the embedded ' +
    'database off the HTTP thread for the longest waits and the storm; or, if the soak is meant to ' +
    'model people rather than stress, a pause between each client’s calls (a change of what it ' +
    'measures, for the lead to decide). Memory: the resident memory from the end of warm-up to the ' +
    'end of the window. On PGlite its WASM heap lives in the server process and grows in steps it ' +
    'never returns (7 %, 22 % and 19 % in runs on this machine). On PostgreSQL (205 → 335 MiB) it is ' +
    'the JavaScript heap under 200 concurrent clients. What it would take to tell a leak from garbage ' +
    'not yet collected: the heap after a forced collection (--expose-gc) over a longer soak.',
  'metrics/roll-ups: incoming messages stored per second':
    'Measured at a load average of 8 (PGlite: 100 a second, 207 to 219 in quieter runs) and 12.5 ' +
    '(PostgreSQL: median 198, best run 306; 456 in a quieter run). The embedded database has one ' +
    'connection, so the four writers queue: each message is about ten statements (the log row with ' +
    'its redelivery checks, the per-contact lock, the session and the daily counters) run one after ' +
    'another. What it would take: writing the roll-ups of a burst in one statement per table ' +
    '(batching messages that arrive within a few milliseconds), or PostgreSQL (DATABASE_URL) for a ' +
    'busy console.',
  'metrics/session metrics first page: p50':
    'On PostgreSQL 107 ms against ≤ 100 ms (97 ms in a quieter run; best of three here 71 ms), ' +
    'measured at a load average of 12.5 with one caller: the query shares two cores with other work. ' +
    'What it would take: a run on a quiet machine to confirm; if it still misses, the per-contact ' +
    'grouping of the period’s sessions is the part to profile.',
  'agent/QA hit: p50 (one caller)':
    'On PostgreSQL 38 ms against ≤ 30 ms (best of three 22 ms; PGlite 18 ms), measured at a load ' +
    'average of 7.7 to 12.5. Each answer is searched for and stored (conversation, answer, usage), ' +
    'several statements that are TCP round trips on PostgreSQL and in-process calls on PGlite. What ' +
    'it would take: a quiet run to confirm, then storing an answer in fewer round trips (one ' +
    'transaction with its writes batched).',
  'web/sign-in entry JS (gzip)':
    'Down from about 370 KiB: zod is no longer in the web bundle, each language is its own chunk, ' +
    'and the sign-in tabs are our own. What is left is React DOM (about 60 KiB), antd’s form, input, ' +
    'button and theme runtime, react-router’s data router and i18next, plus the shared chunk into ' +
    'which the bundler merges modules the shell also uses. What it would take: a separate sign-in ' +
    'entry without antd (plain form controls styled to match) and an explicit chunk split so that ' +
    'shell-only antd components never join the entry chunk.',
  'web/shell after sign-in, JS+CSS (gzip)':
    'The shell loads antd’s table, tree, menu, tabs, dropdown and date picker for its first screen. ' +
    'What it would take: the same explicit chunk split as for the sign-in entry, and loading the ' +
    'settings drawer, search panel and chat window only when opened.',
  'web/tab switch (p50 of 20)':
    'Timed inside the page from the click to the first frame showing the other tab’s content, in ' +
    'headless Chromium without a GPU on two cores; a frame alone is 16 ms and the switch re-renders ' +
    'the shell (tabs strip, breadcrumb, menu selection) before the cached page is shown. What it ' +
    'would take: memoising the shell parts that do not depend on the active tab, and profiling the ' +
    'switch with React’s profiler.',
};
