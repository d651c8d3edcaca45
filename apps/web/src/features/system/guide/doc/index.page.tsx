import { GuideView } from '../../../../ui/guide/GuideView';
import { guideSources } from '../../../../ui/guide/guide-sources';

/** One chunk per language: a reader downloads only the document they read. */
const sources = guideSources(import.meta.glob<string>('./content/*.md', { query: '?raw', import: 'default' }));

/** Instruction doc (WAVE2 §10): the concepts behind the screens. */
export default function InstructionDocPage() {
  return <GuideView name="doc" sources={sources} />;
}
