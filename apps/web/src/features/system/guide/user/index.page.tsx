import { GuideView } from '../../../../ui/guide/GuideView';
import { guideSources } from '../../../../ui/guide/guide-sources';

/** One chunk per language: a reader downloads only the guide they read. */
const sources = guideSources(import.meta.glob<string>('./content/*.md', { query: '?raw', import: 'default' }));

/** User guide (WAVE2 §10): how to do the common tasks, screen by screen. */
export default function UserGuidePage() {
  return <GuideView name="user" sources={sources} />;
}
