import { FALLBACK_LANGUAGE, type Language } from '@agent-console/contracts';
import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Result, Spin } from 'antd';
import { type KeyboardEvent, useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrefersReducedMotion } from '../../platform/lib/reduced-motion';
import { parseTextQuery } from '../markdown/highlight';
import { MarkdownBlocks, MarkdownInline } from '../markdown/Markdown';
import { GuideContents } from './GuideContents';
import { type GuideDocument, matchingSections, toGuideDocument } from './guide-document';
import './guide.css';

/** A guide's Markdown source per language, each loaded on demand (its own chunk). */
export type GuideSources = Partial<Record<Language, () => Promise<string>>>;

/** The page area is this wide or wider: contents beside the document rather than above it. */
const TWO_COLUMNS = 760;

/**
 * A bundled guide in the reader's language: its title, a search over its sections, the table of
 * contents and the document. Switching the language loads that language's document.
 */
export function GuideView({ name, sources }: { name: string; sources: GuideSources }) {
  const { t, i18n } = useTranslation('guide');
  const lang = (sources[i18n.language as Language] ? i18n.language : FALLBACK_LANGUAGE) as Language;
  const doc = useQuery({
    queryKey: ['guide', name, lang],
    queryFn: async () => {
      const load = sources[lang];
      if (!load) throw new Error(`no ${name} guide in ${lang}`);
      return toGuideDocument(await load());
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (doc.isPending) {
    return (
      <div className="page-loading">
        <Spin />
      </div>
    );
  }
  if (doc.isError) {
    return (
      <Result
        status="warning"
        title={t('loadFailed')}
        extra={<Button onClick={() => void doc.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  return <GuideBody name={name} doc={doc.data} />;
}

function GuideBody({ name, doc }: { name: string; doc: GuideDocument }) {
  const { t } = useTranslation('guide');
  const reducedMotion = usePrefersReducedMotion();
  const [text, setText] = useState('');
  const typed = useDeferredValue(text);
  const query = useMemo(() => parseTextQuery(typed), [typed]);
  const shown = useMemo(() => matchingSections(doc, query), [doc, query]);
  const [root, wide] = useWiderThan(TWO_COLUMNS);
  const [contentsOpen, setContentsOpen] = useState(false);

  const anchor = (id: string) => `guide-${name}-${id}`;
  const jump = (id: string) => {
    const heading = document.getElementById(anchor(id));
    heading?.scrollIntoView({ block: 'start', behavior: reducedMotion ? 'auto' : 'smooth' });
    heading?.focus({ preventScroll: true });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && text) {
      event.stopPropagation();
      setText('');
    } else if (event.key === 'Enter' && query && shown[0]) {
      jump(shown[0].id);
    }
  };

  const contents = <GuideContents sections={shown} query={query} anchor={anchor} onJump={jump} />;
  return (
    <div ref={root} className={wide ? 'guide guide-wide' : 'guide'} data-testid="guide-page" data-guide={name}>
      <header className="guide-header">
        <h1 className="guide-title" data-testid="guide-title">
          {doc.title}
        </h1>
        <div className="guide-intro markdown-body">
          <MarkdownBlocks blocks={doc.intro} />
        </div>
      </header>
      <div className="guide-layout">
        <aside className="guide-side">
          <Input
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchLabel')}
            data-testid="guide-search"
          />
          <div className="guide-count" role="status" data-testid="guide-count">
            {query
              ? t('matches', { count: shown.length, total: doc.sections.length })
              : t('sections', { count: doc.sections.length })}
          </div>
          {shown.length === 0 ? null : wide ? (
            <>
              <div className="guide-side-title">{t('contents')}</div>
              {contents}
            </>
          ) : (
            <details
              className="guide-toc-fold"
              open={contentsOpen}
              onToggle={(e) => setContentsOpen(e.currentTarget.open)}
            >
              <summary>{t('contents')}</summary>
              {contents}
            </details>
          )}
        </aside>
        <article className="guide-doc markdown-body" data-testid="guide-doc">
          {shown.map((s) => (
            <section key={s.id} className="guide-section" data-testid="guide-section" data-section={s.id}>
              <h2 id={anchor(s.id)} tabIndex={-1}>
                <MarkdownInline nodes={s.title} query={query} />
              </h2>
              <MarkdownBlocks blocks={s.blocks} query={query} />
            </section>
          ))}
          {shown.length === 0 && (
            <Empty
              data-testid="guide-empty"
              description={
                <>
                  <div>{t('empty', { query: typed.trim() })}</div>
                  <div className="guide-empty-hint">{t('emptyHint')}</div>
                </>
              }
            >
              <Button onClick={() => setText('')} data-testid="guide-clear">
                {t('clear')}
              </Button>
            </Empty>
          )}
        </article>
      </div>
    </div>
  );
}

/** A ref for an element and whether it is at least `min` pixels wide, following its resizes. */
function useWiderThan(min: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [wide, setWide] = useState(true);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWide(el.getBoundingClientRect().width >= min);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [min]);
  return [ref, wide] as const;
}
