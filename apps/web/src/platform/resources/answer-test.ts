import type { AnswerTestRequest } from '@agent-console/contracts';
import { ANSWER_TEST_ROUTES as R } from '@agent-console/contracts/answer-test';
import { useMutation } from '@tanstack/react-query';
import { call } from '../api/call';

export const answerTestApi = {
  run: (body: AnswerTestRequest) => call(R.run, { body }, { silent: true }),
};

/** A test changes nothing, so no list is refreshed after it. */
export function useAnswerTest() {
  return useMutation({ mutationFn: answerTestApi.run });
}
