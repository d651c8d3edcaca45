import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextQuery } from '../markdown/highlight';
import { MarkdownInline } from '../markdown/Markdown';
import type { GuideSection } from './guide-document';

interface Props {
  sections: GuideSection[];
  query: TextQuery | null;
  anchor(id: string): string;
  onJump(id: string): void;
}

/** The table of contents: one link per section shown, scrolling the page area to it. */
export function GuideContents({ sections, query, anchor, onJump }: Props) {
  const { t } = useTranslation('guide');
  const click = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    // The page area scrolls, not the window; the URL stays the page's own (no hash in the tab).
    event.preventDefault();
    onJump(id);
  };
  return (
    <nav className="guide-toc" aria-label={t('contents')} data-testid="guide-toc">
      <ol>
        {sections.map((s) => (
          <li key={s.id}>
            <a
              href={`#${anchor(s.id)}`}
              data-testid="guide-toc-link"
              data-section={s.id}
              onClick={(e) => click(e, s.id)}
            >
              <MarkdownInline nodes={s.title} query={query} />
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
