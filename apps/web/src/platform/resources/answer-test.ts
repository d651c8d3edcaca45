import type { AnswerTestRequest, AnswerTestResult } from '@agent-console/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../api/client';

export const answerTestApi = {
  run: (body: AnswerTestRequest) => api.post<AnswerTestResult>('/api/v3/knowledge/answer-test', body, { silent: true }),
};

/** A test changes nothing, so no list is refreshed after it. */
export function useAnswerTest() {
  return useMutation({ mutationFn: answerTestApi.run });
}
