/**
 * An e-mail address in free text: a message's contact details taken out before the agent searches
 * (agent/answer/message-question.ts) and a lead's e-mail captured from it
 * (automation/auto-reply/lead-patterns.ts) are found by the same pattern. Latin script with its
 * accents ("josé@café.example"), digits and the usual marks. A match starts where a run of the
 * local part's characters starts: tried inside a long run of them, it would scan the rest of the
 * run again at every character.
 */
const EMAIL_ADDRESS =
  /(?<![\p{Script=Latin}\p{N}._%+-])[\p{Script=Latin}\p{N}._%+-]+@[\p{Script=Latin}\p{N}-]+(?:\.[\p{Script=Latin}\p{N}-]+)*\.\p{Script=Latin}{2,}/gu;

/** A fresh global pattern for e-mail addresses (a global pattern keeps its place between calls). */
export function emailAddressPattern(): RegExp {
  return new RegExp(EMAIL_ADDRESS.source, EMAIL_ADDRESS.flags);
}
