import { useTestApp } from '@agent-console/server/test/test-app';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { keywordQuery, qaVectorText } from './search-text';

/** Issue 38: QA search vectors are written in PostgreSQL's text form, built from jieba's words. */
const t = useTestApp();

async function matches(vector: string, keyword: string): Promise<boolean> {
  const query = keywordQuery(keyword);
  if (!query) throw new Error(`no words in ${keyword}`);
  const result = await t.database.db.execute<{ hit: boolean }>(
    sql`select ${vector}::tsvector @@ ${query}::tsquery as hit`,
  );
  return result.rows[0]?.hit === true;
}

async function weightOf(vector: string, word: string): Promise<string[]> {
  const result = await t.database.db.execute<{ weights: string[] }>(
    sql`select weights from unnest(${vector}::tsvector) where lexeme = ${word}`,
  );
  return result.rows[0]?.weights ?? [];
}

describe('qaVectorText', () => {
  it('is read by the database, question words ranked A and answer words B, found by keyword prefix', async () => {
    const vector = qaVectorText('How do I return an order?', 'Within 30 days, 七天无理由退货。', 'returns');
    expect(await weightOf(vector, 'return')).toEqual(['A']);
    expect(await weightOf(vector, 'days')).toEqual(['B']);
    expect(await matches(vector, 'RETURN order')).toBe(true);
    expect(await matches(vector, '退货')).toBe(true);
    expect(await matches(vector, 'ret')).toBe(true);
    expect(await matches(vector, 'refund')).toBe(false);
  });

  it('keeps quotes, backslashes and tsvector syntax in words as text', async () => {
    const vector = qaVectorText("What's a:b & c|d?", 'Use C:\\path\\to or it\'s "quoted" (x):*', '');
    expect(await matches(vector, "what's")).toBe(true);
    expect(await matches(vector, 'path')).toBe(true);
  });

  it('stays within PostgreSQL’s limits: a word of 2 KB, a word 300 times, 20,000 words', async () => {
    const huge = 'x'.repeat(2_100);
    const many = Array.from({ length: 300 }, () => 'again').join(' ');
    const long = Array.from({ length: 20_000 }, (_, i) => `w${i % 50}`).join(' ');
    const vector = qaVectorText(`Tell me ${huge}`, `${many} ${long} tail`, '');
    expect(await matches(vector, 'again')).toBe(true);
    expect(await matches(vector, 'tail')).toBe(true);
    expect(await matches(vector, 'tell')).toBe(true);
  });

  it('is empty for a text of no words, and still a vector', async () => {
    expect(qaVectorText('?!', '…', '')).toBe('');
    const result = await t.database.db.execute<{ n: number }>(sql`select length(${''}::tsvector) as n`);
    expect(Number(result.rows[0]?.n)).toBe(0);
  });
});
