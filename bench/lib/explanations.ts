/** Why a figure misses its target and what it would take; shown in latest.md. */
export const EXPLANATIONS: Record<string, string> = {
  'api-vs-sql':
    'PostgreSQL, measured on 2026-11-24 on a quiet machine after the auth cache and keyset paging ' +
    '(a caller known to the cache costs no query; totals only on a first page): first page 433 ' +
    'requests a second (it was 231), 0.39 of raw SQL and 0.45 of the minimal Fastify + pg route, p99 ' +
    '38 ms; an earlier run the same evening at a load average of 1 measured 718 a second, 0.45 and ' +
    '0.56, p99 23 ms. The deep page by cursor now meets its target on both databases (10 ms and ' +
    '13 ms p50, from 175 ms and 863 ms). Where the API’s time goes (CPU profile of the server under ' +
    'this load): Drizzle building the page and count queries and mapping rows 18 %, zod checking ' +
    'the request and the answer 8 %, Fastify’s hooks (security headers, request id, operation log, ' +
    'auth guard, input guard) and routing about 10 %; the rest, socket writes and the pg driver, is ' +
    'what the minimal route pays too. What it would take: the page and count built once per shape of ' +
    'filters and reused (prepared statements keyed by the filters present), answers serialised from ' +
    'a compiled JSON schema instead of a zod check, and the per-request hooks folded into one; each ' +
    'is a change to a shared layer (http/keyset.ts, the serializer, app.ts) that every list goes ' +
    'through, for the next session.',
  'knowledge/QA import of 10000 rows to searchable':
    'On PGlite 5.4 s and 6.0 s in two quiet runs; on PostgreSQL 3.8 s. Where the PGlite run goes ' +
    '(measured 2026-11-29 inside the import): reading the 10,000-row sheet in the parse worker ' +
    '1.15 s, before the first write (the whole sheet is read and checked against the row cap first); ' +
    'segmenting the rows 0.5 s, in the server thread between transactions; writing 3.1 s in 57 ' +
    'transactions sized to take about 60 ms each, so other calls are served between them, most of it ' +
    'the search index (GIN, its pending list kept at 64 kB so that no merge holds the database long). ' +
    'What it would take: the segmentation in the worker overlapped with the writes (as document ' +
    'mining does, lib/pipelined.ts), a sheet reader that hands rows on as it reads, and a measured ' +
    'choice of the pending-list size against the hostile bench’s p99.',
  knowledge:
    'The generated DOCX is 9.5 MiB compressed but holds about 38 MB of text: some 10,000 fragments ' +
    'and 9,000 mined QA with answers of about 1,900 characters, each segmented for Chinese search and ' +
    'indexed (full text and two trigram indexes). Search words are now segmented in the parse worker ' +
    'a batch ahead, fragments and QA are written side by side, and text normalising and token ' +
    'counting take a quarter and a half of their former CPU; on PostgreSQL that took the document ' +
    'from 71 s to 49–55 s on a quiet machine; on PGlite from 93 s to 85 s, and to 87–100 s once the ' +
    'database moved to its own thread (each statement crosses threads, see the QA import). What is ' +
    'left, in order of size: mammoth builds a tree of ' +
    'the whole document (11 s of CPU and a 1.4 GiB worker heap for this file; a streaming reader of ' +
    'the Word parts’ text runs would take a fraction of both), then the database’s own work ' +
    '(to_tsvector of 38 MB of words, the trigram index of the long mined answers), which on PGlite is ' +
    'one session doing it in turn. What it would take: the streaming reader, then a search decision ' +
    'on the answers’ trigram index.',
  hostile:
    'Parsing never touches the event loop: documents and sheets are read in a worker thread, and the ' +
    'hostile DOCX is refused by its element count in a few seconds. On PGlite the database now runs in ' +
    'its own thread too, but it is one session: a call still waits for the import transaction in ' +
    'hand. Import transactions are sized to take about 60 ms and keep the search indexes’ pending ' +
    'list at 64 kB (a 4 MB merge took over a second; 256 kB made mined-QA writes a third faster but ' +
    'took the p99 to 231 ms), which keeps p99 under 200 ms at the cost of a slower bulk import of ' +
    'long answers. On PostgreSQL the document list’s p99 while processing (206 ms) was below its p99 ' +
    'when idle (236 ms) in that run, at a load average of 9.5 to 11: the miss there is the machine’s ' +
    'load, not the processing; a quiet rerun is what it would take to confirm.',
  soak:
    'Latency on PGlite: the ten-minute run of 2026-11-30 measured a p99 of 1.7 s and a longest wait ' +
    'of 3.1 s at 323 requests a second, while tests and builds ran beside it (load average 2.6 at its ' +
    'start); the one-minute run of 2026-11-24 on a quiet machine measured 1.01 s and 1.6 s at 390 a ' +
    'second. The p99 is Little’s law: 200 clients that never pause wait on average 200 ÷ 390 = 0.5 s, ' +
    'with the load generator (200 fetch clients) on the same two cores as the server and its database ' +
    'thread. What it would take: the per-call savings of api-vs-sql, or the soak’s clients pausing ' +
    'between calls as people do (a change of what it measures, for the lead to decide), and a quiet ' +
    'machine for the run. Memory is settled: the heap read after a forced full collection every ' +
    'minute stays at 59–61 MiB on both databases for the ten minutes (issue 38); the resident ' +
    'memory that grew 12 % and 32 % in the one-minute runs was garbage not yet collected and the ' +
    'embedded database’s WebAssembly heap, which grows in steps it never returns.',
  growth:
    'PostgreSQL, 2026-11-30: at 100,000 QA and 100,000 fragments the answer’s p50 is 12.8–27.3 ms ' +
    '(it was 56–206 ms before the search took candidates by a bound on their rank from a heap), ' +
    'under the 60 ms target, but 3 to 6 times its p50 at 1,000 (4.4–4.9 ms) against ≤ 2. What is ' +
    'left grows with the postings of the question’s common words: BM25 is summed over every unit ' +
    'holding one (“unit … service” touches 150,000 units) and those units’ sections are gathered ' +
    'once. What it would take: dynamic pruning (MaxScore), never touching the units that hold only ' +
    'common words once the tenth rank kept is above those words’ largest possible contribution, ' +
    'their BM25 completed by binary search for the few candidates walked, and the whole sum as the ' +
    'exact fallback; see docs/decisions.md, “an answer’s cost as the knowledge grows”.',
  'metrics/session metrics first page: p50':
    'On PostgreSQL 137 ms [133–151] against ≤ 100 ms on 2026-11-29 (load average 1.5; 90 ms in a run ' +
    'earlier that evening, 107 ms on 2026-11-24). The reads are measured after the write test, which ' +
    'now stores three times as many messages in its ten seconds (631 a second), all in the period. ' +
    'What it would take: the per-contact grouping of the period’s sessions is the part to profile.',
  'agent/QA hit: p50 (one caller)':
    'Since the search looks closely at its best candidates only (2026-11-29): PGlite 19.3 ms and ' +
    '25.5 ms in two runs of three the same evening (load average 1.5), PostgreSQL 20.0 ms and 19.3 ms ' +
    '(it was 24.9 and 22.9). The search was 48 % of the server’s CPU and is now a small part; what is ' +
    'left is storing the answer (conversation, answer, usage), a chain of statements each a round ' +
    'trip to the database thread on PGlite. What it would take: those writes in one statement per ' +
    'table, and a quieter machine to tell 20 ms from 25.',
  'agent/fragment answer: p50 (one caller)':
    'Issue 38’s target of 50 ms (the bench had 80): PostgreSQL 38 ms, PGlite 53.9 ms and 53.4 ms in ' +
    'two runs on 2026-11-29 (it was 46.7). Beyond the QA hit’s costs, a fragment answer picks and ' +
    'trims the quote from the section’s passages and stores a longer answer. Not yet profiled ' +
    'after the search change; the profile is the next step.',
};
