import type { Page } from 'playwright-core';

/**
 * Asks the open answer test panel `question` (Enter in its field) and waits for the decision;
 * answers the decision's reason and step as the panel marks them (`data-reason`, `data-step`).
 */
export async function askAnswerTest(
  page: Page,
  question: string,
): Promise<{ reason: string | null; step: string | null }> {
  await page.getByTestId('answer-test-question').fill(question);
  await page.getByTestId('answer-test-question').press('Enter');
  const decision = page.getByTestId('answer-test-decision');
  await decision.waitFor();
  return { reason: await decision.getAttribute('data-reason'), step: await decision.getAttribute('data-step') };
}
