import type { AnswerCandidate, AnswerStep, AnswerTestResult } from '@agent-console/contracts';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Card, Empty, Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const STEP_COLOR: Record<AnswerStep, string> = { qa: 'green', knowledge: 'blue', llm: 'purple', fallback: 'orange' };

/** Scores and coverage are 0–1: two decimals tell candidates apart without false precision. */
const num = (value: number) => value.toFixed(2);

/** One measure of the decision against its threshold, with whether it passes. */
function Measure({ label, value, min, testId }: { label: string; value: number; min: number; testId: string }) {
  const { t } = useTranslation('answer-test');
  const passes = value >= min;
  return (
    <div className="answer-test-measure" data-testid={testId} data-passes={passes}>
      {passes ? (
        <CheckCircleFilled className="answer-test-pass" aria-label={t('decision.passes')} />
      ) : (
        <CloseCircleFilled className="answer-test-fail" aria-label={t('decision.fails')} />
      )}
      <span>{label}</span>
      <strong>{num(value)}</strong>
      <Typography.Text type="secondary">{t('decision.against', { min: num(min) })}</Typography.Text>
    </div>
  );
}

/** Where retrieval by meaning took part: the candidate's rank by words, by meaning, and fused. */
function Ranks({ candidate, rank }: { candidate: AnswerCandidate; rank: number }) {
  const { t } = useTranslation('answer-test');
  return (
    <div className="answer-test-ranks" data-testid="answer-test-ranks">
      <Tag data-testid="answer-test-fused-rank">{t('candidate.fused', { rank })}</Tag>
      <Tag data-testid="answer-test-word-rank">
        {candidate.wordRank === null ? t('candidate.noWords') : t('candidate.wordRank', { rank: candidate.wordRank })}
      </Tag>
      {candidate.meaningRank !== null && (
        <Tag color="purple" data-testid="answer-test-meaning-rank">
          {t('candidate.meaningRank', { rank: candidate.meaningRank })}
        </Tag>
      )}
      {candidate.similarity !== null && (
        <span>
          {t('candidate.similarity')} <strong data-testid="answer-test-similarity">{num(candidate.similarity)}</strong>
        </span>
      )}
    </div>
  );
}

function Candidate({ candidate, rank, hybrid }: { candidate: AnswerCandidate; rank: number; hybrid: boolean }) {
  const { t } = useTranslation('answer-test');
  return (
    <li className="answer-test-candidate" data-testid={`answer-test-candidate-${rank}`} data-kind={candidate.kind}>
      <div className="answer-test-candidate-head">
        <Typography.Text type="secondary">#{rank}</Typography.Text>
        <Tag color={candidate.kind === 'qa' ? 'green' : 'blue'}>{t(`kind.${candidate.kind}`)}</Tag>
        {candidate.title && <Typography.Text strong>{candidate.title}</Typography.Text>}
        {candidate.fileName && <Typography.Text type="secondary">{candidate.fileName}</Typography.Text>}
        {candidate.answeredBefore && (
          <Tag color="orange" data-testid="answer-test-answered-before">
            {t('candidate.answeredBefore')}
          </Tag>
        )}
      </div>
      <Typography.Paragraph ellipsis={{ rows: 3, expandable: 'collapsible' }} className="answer-test-excerpt">
        {candidate.text}
      </Typography.Paragraph>
      <div className="answer-test-scores">
        <span className="answer-test-score">
          {t('candidate.score')}
          <Progress
            percent={Math.round(candidate.score * 100)}
            size="small"
            showInfo={false}
            aria-label={t('candidate.score')}
          />
          <strong>{num(candidate.score)}</strong>
        </span>
        <span>
          {t('candidate.coverage')} <strong>{num(candidate.coverage)}</strong>
        </span>
      </div>
      {hybrid && <Ranks candidate={candidate} rank={rank} />}
    </li>
  );
}

/**
 * The measures a decision was made on, against their thresholds: a decision by meaning has its
 * own (similarity and its lead), a decision by words score, coverage and margin.
 */
function measuresOf(
  decision: AnswerTestResult['decision'],
  t: (key: string) => string,
): { label: string; value: number; min: number; testId: string }[] {
  const margin = (min: number) => ({
    label: t('decision.margin'),
    value: decision.margin,
    min,
    testId: 'answer-test-margin',
  });
  if (decision.reason === 'meaning') {
    const { minSimilarity, minMargin } = decision.meaningThresholds;
    return [
      {
        label: t('candidate.similarity'),
        value: decision.score,
        min: minSimilarity,
        testId: 'answer-test-similarity-measure',
      },
      margin(minMargin),
    ];
  }
  const { minScore, minCoverage, minMargin } = decision.thresholds;
  return [
    { label: t('decision.score'), value: decision.score, min: minScore, testId: 'answer-test-score' },
    { label: t('decision.coverage'), value: decision.coverage, min: minCoverage, testId: 'answer-test-coverage' },
    margin(minMargin),
  ];
}

/** What the agent searched, what it found, what it decided and what it would answer. */
export function AnswerTestResultView({ result }: { result: AnswerTestResult }) {
  const { t } = useTranslation('answer-test');
  const { decision, answer } = result;
  return (
    <div className="answer-test-result" data-testid="answer-test-result">
      <Card
        size="small"
        title={t('decision.title')}
        data-testid="answer-test-decision"
        data-reason={decision.reason}
        data-step={answer.step}
      >
        <div className="answer-test-step">
          <span>{t('decision.step')}</span>
          <Tag color={STEP_COLOR[answer.step]} data-testid="answer-test-step">
            {t(`steps.${answer.step}`)}
          </Tag>
          {answer.needsPerson && <Tag color="red">{t('decision.needsPerson')}</Tag>}
        </div>
        <Typography.Paragraph className="answer-test-reason" data-testid="answer-test-reason">
          {t(`reasons.${decision.reason}`)}
        </Typography.Paragraph>
        <div className="answer-test-measures">
          {measuresOf(decision, t).map((m) => (
            <Measure key={m.testId} {...m} />
          ))}
        </div>
        <Typography.Paragraph type="secondary" className="answer-test-help" data-testid="answer-test-help">
          {t(decision.reason === 'meaning' ? 'decision.helpMeaning' : 'decision.help')}
        </Typography.Paragraph>
      </Card>

      <Card size="small" title={t('searched.title')} data-testid="answer-test-searched">
        <Typography.Paragraph className="answer-test-searched-text">
          {result.searched || <Typography.Text type="secondary">{t('searched.nothing')}</Typography.Text>}
          {result.followUp && <Tag className="answer-test-follow-up">{t('searched.followUp')}</Tag>}
        </Typography.Paragraph>
        <div className="answer-test-words" data-testid="answer-test-words">
          {result.words.map((w) => {
            // The kind of value asked for ("⟨duration⟩") is a term of the server's, said in words here.
            const kind = /^⟨(\w+)⟩$/.exec(w.word)?.[1];
            return (
              <Tag key={w.word} title={t('searched.weight', { weight: num(w.weight) })}>
                {kind ? t(`searched.kind.${kind}`) : w.word}{' '}
                <span className="answer-test-weight">×{num(w.weight)}</span>
              </Tag>
            );
          })}
        </div>
      </Card>

      <Card size="small" title={t('candidates.title', { count: result.candidates.length })}>
        {result.candidates.length ? (
          <>
            <Typography.Paragraph type="secondary" className="answer-test-help answer-test-help-top">
              {t(result.hybrid ? 'candidates.hybridHint' : 'candidates.hint')}
            </Typography.Paragraph>
            <ol className="answer-test-candidates" data-testid="answer-test-candidates">
              {result.candidates.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one result's ranking is drawn once and never reordered
                <Candidate key={`${c.kind}-${c.id}-${i}`} candidate={c} rank={i + 1} hybrid={result.hybrid} />
              ))}
            </ol>
          </>
        ) : (
          <Empty description={t('candidates.empty')} data-testid="answer-test-no-candidates" />
        )}
      </Card>

      <Card size="small" title={t('answer.title')} data-testid="answer-test-answer">
        <Typography.Paragraph className="answer-test-answer-text">{answer.content}</Typography.Paragraph>
        {answer.sources.length > 0 && (
          <div className="answer-test-sources">
            <Typography.Text type="secondary">{t('answer.sources')}</Typography.Text>
            <ul>
              {answer.sources.map((s) =>
                s.kind === 'qa' ? (
                  <li key={`qa-${s.qaId}`}>
                    <Tag color="green">{t('kind.qa')}</Tag>
                    {s.question}
                  </li>
                ) : (
                  <li key={`doc-${s.fileId}`}>
                    <Tag color="blue">{t('kind.fragment')}</Tag>
                    {s.name} {t('answer.passages', { count: s.fragmentIds.length })}
                  </li>
                ),
              )}
            </ul>
          </div>
        )}
      </Card>
    </div>
  );
}
