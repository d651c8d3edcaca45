import type { AnswerSource } from '@agent-console/contracts';
import { FileTextOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { resolveRoute } from '../../platform/navigation/resolve-route';
import { useMenuStore } from '../../platform/stores/menu-store';
import { useSessionStore } from '../../platform/stores/session-store';
import { encodeValue } from '../crud/list-query';

const QA_PATH = '/knowledge/qa';
const FILE_PATH = '/knowledge/file';
/** The QA and file lists take a keyword and a name of at most this many characters. */
const FILTER_MAX = 200;

/** The text cut to the filter's limit on a whole character. */
function filterText(text: string): string {
  let out = '';
  for (const ch of text.trim()) {
    if (out.length + ch.length > FILTER_MAX) break;
    out += ch;
  }
  return out;
}

/** Where a source opens: the QA list filtered to its question, the document list to its name. */
function linkOf(source: AnswerSource): { path: string; query: URLSearchParams } {
  return source.kind === 'qa'
    ? { path: QA_PATH, query: new URLSearchParams({ keyword: encodeValue(filterText(source.question)) }) }
    : { path: FILE_PATH, query: new URLSearchParams({ name: encodeValue(filterText(source.name)) }) };
}

/** One source: a link to its screen when the user may open it, else its name alone. */
function SourceLink({ source, mayOpen, onOpen }: { source: AnswerSource; mayOpen: boolean; onOpen(): void }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const label =
    source.kind === 'qa'
      ? t('chat.source.qa', { question: source.question })
      : t('chat.source.document', { name: source.name });
  const icon = source.kind === 'qa' ? <QuestionCircleOutlined /> : <FileTextOutlined />;
  if (!mayOpen) {
    return (
      <span className="chat-source chat-source-plain" data-testid="chat-source" data-kind={source.kind}>
        {icon} <span className="chat-source-text">{label}</span>
      </span>
    );
  }
  const { path, query } = linkOf(source);
  return (
    <Button
      type="link"
      size="small"
      icon={icon}
      className="chat-source"
      data-testid="chat-source"
      data-kind={source.kind}
      title={t('chat.source.open')}
      onClick={() => {
        navigate(`${path}?${query.toString()}`);
        onOpen();
      }}
    >
      <span className="chat-source-text">{label}</span>
    </Button>
  );
}

/**
 * What an answer was drawn from, under the answer: a QA or a document. Each opens its screen
 * filtered to it when the user may open that screen; otherwise it is named without a link.
 */
export function AnswerSources({ sources, onOpen }: { sources: readonly AnswerSource[]; onOpen(): void }) {
  const { t } = useTranslation('shell');
  const routes = useMenuStore((s) => s.routes);
  const permissions = useSessionStore((s) => s.user?.permissions ?? []);
  if (!sources.length) return null;
  const mayOpen = (source: AnswerSource) => resolveRoute(linkOf(source).path, routes, permissions).kind === 'page';
  return (
    <div className="chat-sources" data-testid="chat-sources">
      <span className="chat-sources-label">{t('chat.sources')}</span>
      {sources.map((source) => (
        <SourceLink
          key={source.kind === 'qa' ? `qa${source.qaId}` : `doc${source.fileId}`}
          source={source}
          mayOpen={mayOpen(source)}
          onOpen={onOpen}
        />
      ))}
    </div>
  );
}
