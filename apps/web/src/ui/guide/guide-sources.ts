import { isLanguage } from '@agent-console/contracts';
import type { GuideSources } from './GuideView';

/** The loaders of `content/<language>.md` files, keyed by language; other file names are ignored. */
export function guideSources(files: Record<string, () => Promise<string>>): GuideSources {
  const sources: GuideSources = {};
  for (const [file, load] of Object.entries(files)) {
    const lang = /([^/]+)\.md$/.exec(file)?.[1];
    if (isLanguage(lang)) sources[lang] = load;
  }
  return sources;
}
