import type { Locator, Page } from 'playwright-core';

/** Fills the form's inputs by their id (`input#<id>`), in the order given, as a person types them. */
export async function fillInputs(form: Locator, values: Record<string, string>): Promise<void> {
  for (const [id, value] of Object.entries(values)) await form.locator(`input#${id}`).fill(value);
}

/** Waits for each text to show inside `scope`, one after the other. */
export async function waitForTexts(scope: Locator | Page, texts: string[]): Promise<void> {
  for (const text of texts) await scope.getByText(text).waitFor();
}

/**
 * A field's rules one by one: each value typed into `input#<id>` brings up its rule's message
 * inside the form before the next value is typed.
 */
export async function expectRuleMessages(form: Locator, id: string, cases: [value: string, message: string][]) {
  for (const [value, message] of cases) {
    await form.locator(`input#${id}`).fill(value);
    await form.getByText(message).waitFor();
  }
}
