import { z } from 'zod';
import { answerSourceSchema, answerStepSchema } from './agent';
import { agentQuestionSchema } from './agent-chat';
import { apiRoutes, type RouteSchemas } from './api-route';
import { idNumber } from './primitives';

/**
 * "Test a question" (issue 32): what the agent would do with a question, step by step, without
 * answering anyone. Nothing is metered and no conversation is stored. From the Knowledge area it
 * runs over a customer's whole knowledge with the default configuration; from App info, with that
 * app's `agent` configuration (thresholds, folders, fallback).
 */

/** Earlier user turns a test may carry, to try a follow-up ("and the price?"). */
export const ANSWER_TEST_HISTORY_MAX = 5;

/** POST /knowledge/answer-test. `appId` (of the customer) selects the app's configuration. */
export const answerTestRequestSchema = z.strictObject({
  customerId: idNumber(),
  appId: idNumber().optional(),
  question: agentQuestionSchema,
  /** Earlier user turns, oldest first. */
  history: z.array(agentQuestionSchema).max(ANSWER_TEST_HISTORY_MAX).optional(),
});
export type AnswerTestRequest = z.input<typeof answerTestRequestSchema>;

export const CANDIDATE_KINDS = ['qa', 'fragment'] as const;

/** One ranked candidate: a QA record, or a passage of a document fragment. */
export const answerCandidateSchema = z.object({
  kind: z.enum(CANDIDATE_KINDS),
  /** The QA id, or the fragment id. */
  id: z.number().int(),
  fileId: z.number().int().nullable(),
  fileName: z.string().nullable(),
  /** The QA's question, or the heading the passage sits under. */
  title: z.string().nullable(),
  /** The QA's answer, or the passage as it would be quoted. */
  text: z.string(),
  /** 0–1, comparable across QA and fragments: BM25 normalised by the best score the question could reach. */
  score: z.number(),
  /** 0–1: share of the question's word weight (rarer words weigh more) found in the candidate. */
  coverage: z.number(),
  /** What candidates are ranked by: BM25 (not normalised) discounted for what the candidate misses. */
  rank: z.number(),
  /** 1 for the best match by words; null when it shares no word with the question. */
  wordRank: z.number().int().nullable(),
  /** 1 for the closest by meaning (embeddings); null when not among them or no embedding model. */
  meaningRank: z.number().int().nullable(),
  /** Cosine similarity to the question (0–1), when found by meaning. */
  similarity: z.number().nullable(),
  /** The QA that answered the question a follow-up follows up: not given again. */
  answeredBefore: z.boolean(),
});
export type AnswerCandidate = z.infer<typeof answerCandidateSchema>;

/**
 * Why the agent answers or hands over. answer: the best candidate is clearly relevant;
 * noQuestion: the message has no words to search (only a greeting, a number, an address);
 * noMatch: nothing in the knowledge shares its words; lowScore: the best candidate is below
 * `minScore` or `minCoverage`; notDistinct: the next candidate that says something else is too close
 * (its lead, in `margin`, is below `minMargin`); otherSubject: a telling word of the question is in the knowledge, but only in
 * other documents than the best candidate's (the question is about something else); noValue: the
 * question asks for a price and the best candidate gives none; meaning: no
 * candidate answers by its words, but a QA is the closest by meaning, at `vectorMinSimilarity` or
 * more and clearly closer than any other.
 */
export const DECISION_REASONS = [
  'answer',
  'noQuestion',
  'noMatch',
  'lowScore',
  'notDistinct',
  'otherSubject',
  'noValue',
  'meaning',
] as const;
export const decisionReasonSchema = z.enum(DECISION_REASONS);
export type DecisionReason = z.infer<typeof decisionReasonSchema>;

export const answerThresholdsSchema = z.object({
  minScore: z.number(),
  minCoverage: z.number(),
  minMargin: z.number(),
});
export type AnswerThresholds = z.infer<typeof answerThresholdsSchema>;

export const answerTestResultSchema = z.object({
  /** What was searched: the question taken out of the message (greetings, numbers, contact details removed). */
  searched: z.string(),
  /** The message referred back, so the earlier turns were searched with it. */
  followUp: z.boolean(),
  /** The words searched, with the weight each carries. */
  words: z.array(z.object({ word: z.string(), weight: z.number() })),
  /**
   * Retrieval by meaning took part: the candidates are the fusion of the ranking by words and the
   * ranking by meaning (reciprocal rank fusion), best first.
   */
  hybrid: z.boolean(),
  candidates: z.array(answerCandidateSchema),
  decision: z.object({
    reason: decisionReasonSchema,
    score: z.number(),
    coverage: z.number(),
    margin: z.number(),
    thresholds: answerThresholdsSchema,
    /**
     * What a QA found by meaning alone must reach (reason `meaning`): its similarity (then in
     * `score`), and how far it leads the closest candidate that says something else (in `margin`).
     */
    meaningThresholds: z.object({ minSimilarity: z.number(), minMargin: z.number() }),
  }),
  answer: z.object({
    content: z.string(),
    sources: z.array(answerSourceSchema),
    needsPerson: z.boolean(),
    step: answerStepSchema,
  }),
});
export type AnswerTestResult = z.infer<typeof answerTestResultSchema>;

export const ANSWER_TEST_ROUTE_SCHEMAS = {
  run: {
    summary:
      'What the agent would do with a question: searched words, ranked candidates, the decision and the answer; nothing is stored or metered',
    body: answerTestRequestSchema,
    answer: answerTestResultSchema,
  },
} satisfies RouteSchemas;

export const ANSWER_TEST_ROUTES = apiRoutes<typeof ANSWER_TEST_ROUTE_SCHEMAS>({
  run: 'POST /api/v3/knowledge/answer-test',
});
