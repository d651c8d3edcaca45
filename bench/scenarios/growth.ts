import { agentAppWithKnowledge, checkSteps, type RunningAgentApp } from '../lib/agent-app';
import { fragmentQuestion, generatedKnowledgeSql, qaQuestion } from '../lib/generated-knowledge';
import { httpLoad } from '../lib/load';
import { repeated } from '../lib/repeat';
import { startBenchServer } from '../lib/server';
import { timed } from '../lib/stats';
import type { BenchContext, Figure, Scenario } from '../lib/types';

/** QA records, and as many fragments, at each step of the growth. */
const SIZES = (process.env.BENCH_GROWTH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_GROWTH_SECONDS ?? 5);
/** Issue 38: the answer at the largest size within twice its time at the smallest, and this. */
const LARGEST_P50_MS = 60;
const GROWTH_RATIO = 2;

/** Rows every size holds (the smallest is 1,000): English even, Chinese odd. */
const SHAPES = [
  { name: 'QA hit, English', question: qaQuestion(742, true), step: 'qa' },
  { name: 'QA hit, Chinese', question: qaQuestion(743, true), step: 'qa' },
  { name: 'fragment answer, English', question: fragmentQuestion(222, true), step: 'knowledge' },
  { name: 'fragment answer, Chinese', question: fragmentQuestion(223, true), step: 'knowledge' },
];

const sizeLabel = (size: number) => `${size.toLocaleString('en-US')} QA + ${size.toLocaleString('en-US')} fragments`;

/**
 * Issue 38: how an answer's cost grows with the knowledge. The agent's answer, through a running
 * app as in the agent scenario, on a customer with 1,000, 10,000 and 100,000 QA records and as
 * many fragments (generated, half English and half Chinese): p50 and p99 with one caller at each
 * size, and the first answer, which builds the customer's index.
 */
export const growthScenario: Scenario = {
  name: 'growth',
  async run(ctx: BenchContext) {
    const figures: Figure[] = [];
    const p50s = new Map<string, number[]>();
    for (const size of SIZES) {
      const server = await startBenchServer(ctx, `growth-${size}`);
      try {
        const app = await agentAppWithKnowledge(
          server,
          generatedKnowledgeSql({ customerId: 1, qa: size, fragments: size, mixed: true }),
        );
        const first = await timed(() => checkSteps(app, SHAPES.slice(0, 1)));
        figures.push({
          scenario: 'growth',
          name: `${sizeLabel(size)}: first answer (builds the index)`,
          value: first.ms,
          unit: 'ms',
        });
        await checkSteps(app, SHAPES);
        const measured = await repeated(() => measureSize(app, size));
        figures.push(...measured);
        for (const shape of SHAPES) {
          const p50 = measured.find((f) => f.name === `${sizeLabel(size)}: ${shape.name}: p50`)?.value ?? Number.NaN;
          p50s.set(shape.name, [...(p50s.get(shape.name) ?? []), p50]);
        }
      } finally {
        await server.dispose();
      }
    }
    return [...figures, ...growthFigures(ctx, p50s)];
  },
};

async function measureSize(app: RunningAgentApp, size: number): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const shape of SHAPES) {
    const load = await httpLoad({
      url: app.url,
      token: app.apiKey,
      body: { messages: [{ role: 'user', content: shape.question }] },
      connections: 1,
      seconds: SECONDS,
    });
    const name = `${sizeLabel(size)}: ${shape.name}`;
    figures.push(
      { scenario: 'growth', name: `${name}: p50`, value: load.p50, unit: 'ms' },
      { scenario: 'growth', name: `${name}: p99`, value: load.p99, unit: 'ms' },
      { scenario: 'growth', name: `${name}: errors`, value: load.errors, unit: '', target: { kind: 'max', value: 0 } },
    );
  }
  return figures;
}

/** Per question, the largest size's p50 against the smallest's, and against 60 ms (targets on PostgreSQL). */
function growthFigures(ctx: BenchContext, p50s: ReadonlyMap<string, number[]>): Figure[] {
  const smallest = SIZES[0] as number;
  const largest = SIZES.at(-1) as number;
  if (largest === smallest) return [];
  const target = (value: number) => (ctx.database === 'postgres' ? { target: { kind: 'max' as const, value } } : {});
  return [...p50s].flatMap(([shape, values]) => {
    const from = values[0] as number;
    const to = values.at(-1) as number;
    return [
      {
        scenario: 'growth',
        name: `${shape}: p50 at ${largest.toLocaleString('en-US')} ÷ at ${smallest.toLocaleString('en-US')}`,
        value: to / from,
        unit: '×',
        note: `${from.toFixed(1)} → ${to.toFixed(1)} ms`,
        ...target(GROWTH_RATIO),
      },
      {
        scenario: 'growth',
        name: `${shape}: p50 at ${largest.toLocaleString('en-US')}`,
        value: to,
        unit: 'ms',
        ...target(LARGEST_P50_MS),
      },
    ];
  });
}
