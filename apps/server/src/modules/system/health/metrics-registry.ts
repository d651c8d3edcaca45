import type PgBoss from 'pg-boss';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppRefusal, ModelClient, WorkMetrics } from '../../../http/app-deps';
import type { BreakerView } from '../../../integrations/llm';

/** Every metric's name starts with it. */
export const METRIC_PREFIX = 'agent_console_';
/** The route label of a request that matched no route (never the raw URL: one series, however many URLs). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The Prometheus metrics of one app (docs/operations.md, "Readiness and metrics"): its own registry,
 * never prom-client's global one, so two apps in one process never mix their counts. The request
 * hook (request-metrics.ts) fills the HTTP and error metrics; the modules report their work through
 * the `WorkMetrics` part, which reaches them as `deps.metrics`; the job-queue gauges are read at
 * each scrape.
 */
export interface ConsoleMetrics extends WorkMetrics {
  readonly registry: Registry;
  /** Answers by method, route pattern and HTTP status. */
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  /** Seconds from a request's arrival to its answer, by method and route pattern. */
  readonly httpDuration: Histogram<'method' | 'route'>;
  /** Error answers by envelope code (A0400, B0001, C0120, …). */
  readonly errors: Counter<'code'>;
  /** Jobs waiting to run (created or waiting for a retry), per queue; only with a job queue. */
  readonly jobQueueDepth: Gauge<'queue'>;
  /** Jobs running, per queue; only with a job queue. */
  readonly jobQueueActive: Gauge<'queue'>;
  /** Failed jobs still kept in the queue (pg-boss archives them after a while), per queue. */
  readonly jobQueueFailed: Gauge<'queue'>;
  readonly documentSeconds: Histogram;
  readonly gatewaySends: Counter<'result'>;
  readonly agentAnswers: Counter;
  readonly agentAnswerSeconds: Histogram;
  /** Answers by step and channel; step `fallback` is a hand-over to a person. */
  readonly answersByStep: Counter<'step' | 'channel'>;
  /** Seconds from a question to its answer, by channel. */
  readonly answerDuration: Histogram<'channel'>;
  /** Model failures the built-in answerer covered. */
  readonly llmFallbacks: Counter;
  /** Calls to model services by client and outcome (`ok` or the failure's kind). */
  readonly modelCalls: Counter<'client' | 'outcome'>;
  readonly modelCallSeconds: Histogram<'client'>;
  /** Each model client's circuit breaker: 0 closed, 1 half-open, 2 open. */
  readonly modelBreaker: Gauge<'client'>;
  /** The text exposition of every metric, the job-queue gauges read now. */
  scrape(): Promise<string>;
  /** The content type of `scrape()`'s text. */
  readonly contentType: string;
}

export interface ConsoleMetricsOptions {
  /** The app's job queue: its depth and failures are read at each scrape. */
  boss?: PgBoss | undefined;
  /** The circuit breakers of the model clients, read at each scrape. */
  breakers?: Partial<Record<ModelClient, BreakerView | undefined>>;
  /**
   * Also the process's own metrics (CPU, memory, event-loop lag, GC), prefixed likewise. They
   * watch the whole process, so only the app a server runs turns them on (when /metrics is served).
   */
  processMetrics?: boolean;
}

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DOCUMENT_BUCKETS = [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];
const ANSWER_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120];

export function createConsoleMetrics(options: ConsoleMetricsOptions = {}): ConsoleMetrics {
  const registry = new Registry();
  const registers = [registry];
  const name = (suffix: string) => `${METRIC_PREFIX}${suffix}`;
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  // Every metric of the app is made alike: its name prefixed, in this app's registry alone. A metric
  // without labels gets the empty list prom-client gives it by default.
  const counter = <L extends string = string>(suffix: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name: name(suffix), help, labelNames, registers });
  const gauge = <L extends string = string>(suffix: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name: name(suffix), help, labelNames, registers });
  const histogram = <L extends string = string>(
    suffix: string,
    help: string,
    buckets: number[],
    labelNames: readonly L[] = [],
  ) => new Histogram<L>({ name: name(suffix), help, labelNames, buckets, registers });

  const httpRequests = counter('http_requests_total', 'HTTP answers by method, route pattern and status', [
    'method',
    'route',
    'status',
  ]);
  const httpDuration = histogram(
    'http_request_duration_seconds',
    'Seconds from a request to its answer, by method and route pattern',
    HTTP_BUCKETS,
    ['method', 'route'],
  );
  const errors = counter('errors_total', 'Error answers by envelope code', ['code']);
  const jobQueueDepth = gauge('job_queue_depth', 'Jobs waiting to run (created or waiting for a retry), per queue', [
    'queue',
  ]);
  const jobQueueActive = gauge('job_queue_active', 'Jobs running, per queue', ['queue']);
  const jobQueueFailed = gauge(
    'job_queue_failed',
    'Failed jobs kept in the queue until pg-boss archives them, per queue',
    ['queue'],
  );
  const documentSeconds = histogram(
    'document_processing_seconds',
    'Seconds one run of the document pipeline took (extract, split, mine), any outcome',
    DOCUMENT_BUCKETS,
  );
  const gatewaySends = counter('gateway_sends_total', 'Sends to the messaging gateway by result', ['result']);
  const agentAnswers = counter('agent_answers_total', "Answers the agent wrote to contacts' messages");
  const agentAnswerSeconds = histogram(
    'agent_answer_seconds',
    'Seconds the agent took to write an answer',
    ANSWER_BUCKETS,
  );
  // Both results exist from the start, so a rate of failures is 0 rather than absent.
  for (const result of ['ok', 'failed'] as const) gatewaySends.inc({ result }, 0);

  const answersByStep = counter(
    'answers_total',
    'Answers of the agent by step (qa, knowledge, llm, fallback) and channel (contact, bubble, api, widget)',
    ['step', 'channel'],
  );
  const answerDuration = histogram(
    'answer_duration_seconds',
    'Seconds from a question to its answer, by channel',
    ANSWER_BUCKETS,
    ['channel'],
  );
  const llmFallbacks = counter(
    'llm_fallbacks_total',
    'Answers the built-in answerer wrote because the language model failed before its first piece',
  );
  const modelCalls = counter(
    'model_calls_total',
    'Calls to model services by client (chat, miner, embedding) and outcome (ok or the kind of failure)',
    ['client', 'outcome'],
  );
  const modelCallSeconds = histogram(
    'model_call_seconds',
    'Seconds one call to a model service took, retries included, by client',
    ANSWER_BUCKETS,
    ['client'],
  );
  const modelBreaker = gauge(
    'model_breaker_state',
    "Each model client's circuit breaker: 0 closed, 1 half-open, 2 open",
    ['client'],
  );
  const appRequests = counter(
    'app_requests_total',
    "Calls to the apps' OpenAI-compatible APIs by app id, route and status",
    ['app', 'route', 'status'],
  );
  const appRequestSeconds = histogram(
    'app_request_duration_seconds',
    "Seconds one call to an app's API took, a stream to its end, by app id",
    ANSWER_BUCKETS,
    ['app'],
  );
  const appAnswers = counter(
    'app_answers_total',
    "Answers of the apps' APIs and widgets by app id and step (qa, knowledge, llm, fallback, housekeeping)",
    ['app', 'step'],
  );
  const appRefusals = counter(
    'app_refusals_total',
    "Calls the apps' APIs refused by app id and reason (key, origin, quota, rate, input)",
    ['app', 'reason'],
  );
  llmFallbacks.inc(0);
  const BREAKER_VALUE = { closed: 0, halfOpen: 1, open: 2 } as const;
  const readBreakers = () => {
    modelBreaker.reset();
    for (const [client, breaker] of Object.entries(options.breakers ?? {})) {
      if (breaker) modelBreaker.set({ client }, BREAKER_VALUE[breaker.state().state]);
    }
  };

  const { boss } = options;
  const readQueues = async () => {
    jobQueueDepth.reset();
    jobQueueActive.reset();
    jobQueueFailed.reset();
    if (!boss) return;
    try {
      const [queues, states] = await Promise.all([boss.getQueues(), queueStates(boss)]);
      for (const { name: queue } of queues) {
        const counts = states.queues[queue];
        jobQueueDepth.set({ queue }, (counts?.created ?? 0) + (counts?.retry ?? 0));
        jobQueueActive.set({ queue }, counts?.active ?? 0);
        jobQueueFailed.set({ queue }, counts?.failed ?? 0);
      }
    } catch {
      // The queue's database does not answer: its gauges stay empty (the readiness check says why).
    }
  };

  return {
    registry,
    httpRequests,
    httpDuration,
    errors,
    jobQueueDepth,
    jobQueueActive,
    jobQueueFailed,
    documentSeconds,
    gatewaySends,
    agentAnswers,
    agentAnswerSeconds,
    answersByStep,
    answerDuration,
    llmFallbacks,
    modelCalls,
    modelCallSeconds,
    modelBreaker,
    contentType: registry.contentType,
    async scrape() {
      await readQueues();
      readBreakers();
      return registry.metrics();
    },
    documentProcessed(seconds) {
      documentSeconds.observe(seconds);
    },
    gatewaySend(result) {
      gatewaySends.inc({ result });
    },
    agentAnswered(seconds) {
      agentAnswers.inc();
      agentAnswerSeconds.observe(seconds);
    },
    answered(step, channel, seconds) {
      answersByStep.inc({ step, channel });
      answerDuration.observe({ channel }, seconds);
    },
    llmFellBack() {
      llmFallbacks.inc();
    },
    modelCall(client, outcome, seconds) {
      modelCalls.inc({ client, outcome });
      modelCallSeconds.observe({ client }, seconds);
    },
    appRequest(app, route, status, seconds, refusal) {
      const id = String(app);
      appRequests.inc({ app: id, route, status: String(status) });
      appRequestSeconds.observe({ app: id }, seconds);
      const reason = status >= 400 && status < 500 && refusal ? refusal : appRefusalOf(status);
      if (reason) appRefusals.inc({ app: id, reason });
    },
    appAnswered(app, step) {
      appAnswers.inc({ app: String(app), step });
    },
  };
}

/** The reason an app's API refused a call, by its status; null when it did not. */
export function appRefusalOf(status: number): AppRefusal | null {
  if (status < 400 || status >= 500) return null;
  if (status === 401) return 'key';
  if (status === 403) return 'origin';
  if (status === 429) return 'quota';
  return 'input';
}

/**
 * Jobs per queue and state in one query: pg-boss 10's `countStates`, which its `monitor-states`
 * event reports but its type declarations leave out.
 */
async function queueStates(boss: PgBoss): Promise<PgBoss.MonitorStates> {
  const countStates = (boss as unknown as { countStates?: () => Promise<PgBoss.MonitorStates> }).countStates;
  if (typeof countStates !== 'function') throw new Error('this pg-boss has no countStates');
  return countStates();
}
