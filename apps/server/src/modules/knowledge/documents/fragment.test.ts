import {
  FRAGMENT_CONTENT_MAX,
  fieldLabel,
  KNOWLEDGE_FILE_PERMISSIONS,
  type KnowledgeFragment,
} from '@agent-console/contracts';
import { insertDocument } from '@agent-console/server/test/fixtures/answers';
import { createScopedUser, type ScopedUser } from '@agent-console/server/test/fixtures/users';
import { type ApiAnswer, useTestApp } from '@agent-console/server/test/test-app';
import { eq, max } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { knowledgeChanges, knowledgeFiles, knowledgeFragments } from '../../../db/schema';
import { countTokens } from './chunker';

/** Issue 32, the document viewer: a document's fragments, corrected or switched off by a person. */
const t = useTestApp();
let editor: ScopedUser;
let viewer: ScopedUser;
let stranger: ScopedUser;
let nobody: ScopedUser;
let doc: { fileId: number; fragmentIds: number[] };
let foreign: { fileId: number; fragmentIds: number[] };
const F = KNOWLEDGE_FILE_PERMISSIONS;

beforeAll(async () => {
  editor = await createScopedUser(t, [F.list, F.edit]);
  viewer = await createScopedUser(t, [F.list]);
  stranger = await createScopedUser(t, [F.list, F.edit]);
  nobody = await createScopedUser(t, []);
  doc = await insertDocument(t, {
    customerId: editor.customerId,
    name: 'handbook.pdf',
    fragments: [
      { heading: 'Opening hours', content: 'We are open 9 to 6, Monday to Friday.' },
      { heading: 'Returns', content: 'Returns are accepted within 30 days with the receipt.' },
      '退货需要在三十天内提供收据。',
    ],
  });
  foreign = await insertDocument(t, {
    customerId: stranger.customerId,
    name: 'secret.pdf',
    fragments: ['The vault code is 4711.'],
  });
});

type Page = { list: KnowledgeFragment[]; total: number };
const list = (token: string, fileId: number, query = '') =>
  t.call<Page>('GET', `/api/v3/knowledge/file/${fileId}/fragments${query}`, { token });

/** POST /knowledge/fragment/update/:id as `token`. */
async function update<T = KnowledgeFragment>(token: string, id: number | string, body: unknown): Promise<ApiAnswer<T>> {
  return t.call<T>('POST', `/api/v3/knowledge/fragment/update/${id}`, { token, body });
}

const fragmentRow = async (id: number) =>
  (await t.database.db.select().from(knowledgeFragments).where(eq(knowledgeFragments.id, id)))[0];

describe('fragments of a document', () => {
  it('lists them in reading order with heading, text, tokens and state', async () => {
    const res = await list(viewer.token, doc.fileId);
    // The viewer is in another customer: its scope (own customer) does not reach the editor's document.
    expect(res.body.code).toBe('A0404');
    const own = await list(editor.token, doc.fileId, '?pageNum=1&pageSize=2');
    expect(own.body.code).toBe('00000');
    expect(own.body.data.total).toBe(3);
    expect(own.body.data.list.map((f) => f.seq)).toEqual([1, 2]);
    expect(own.body.data.list[0]).toMatchObject({
      id: doc.fragmentIds[0],
      fileId: doc.fileId,
      heading: 'Opening hours',
      content: 'We are open 9 to 6, Monday to Friday.',
      tokens: countTokens('We are open 9 to 6, Monday to Friday.'),
      enabled: true,
    });
  });

  it('finds fragments holding every word of the keyword, in English and Chinese, in heading or text', async () => {
    const english = await list(editor.token, doc.fileId, '?keyword=receipt');
    expect(english.body.data.list.map((f) => f.id)).toEqual([doc.fragmentIds[1]]);
    const chinese = await list(editor.token, doc.fileId, `?keyword=${encodeURIComponent('收据')}`);
    expect(chinese.body.data.list.map((f) => f.id)).toEqual([doc.fragmentIds[2]]);
    const heading = await list(editor.token, doc.fileId, '?keyword=opening');
    expect(heading.body.data.list.map((f) => f.id)).toEqual([doc.fragmentIds[0]]);
    const none = await list(editor.token, doc.fileId, '?keyword=zebra');
    expect(none.body.data).toMatchObject({ list: [], total: 0 });
    // Words in another order, one in the heading and one in the text; one word missing finds none.
    const apart = await list(editor.token, doc.fileId, `?keyword=${encodeURIComponent('FRIDAY, opening')}`);
    expect(apart.body.data.list.map((f) => f.id)).toEqual([doc.fragmentIds[0]]);
    const partly = await list(editor.token, doc.fileId, '?keyword=friday%20receipt');
    expect(partly.body.data.total).toBe(0);
    // A word inside a longer one (a number, a code) is found, as a viewer's find does.
    const inside = await list(editor.token, doc.fileId, '?keyword=ccept');
    expect(inside.body.data.list.map((f) => f.id)).toEqual([doc.fragmentIds[1]]);
    // A keyword of no words is looked for as typed, its LIKE characters literal.
    const comma = await list(editor.token, doc.fileId, `?keyword=${encodeURIComponent(',')}`);
    expect(comma.body.data.list.map((f) => f.id)).toEqual([doc.fragmentIds[0]]);
    const percent = await list(editor.token, doc.fileId, `?keyword=${encodeURIComponent('%')}`);
    expect(percent.body.data.total).toBe(0);
  });

  it('refuses callers without the documents’ view permission, and edits without the edit permission', async () => {
    const denied = await list(nobody.token, doc.fileId);
    expect([denied.status, denied.body.code]).toEqual([403, 'A0312']);
    const mine = await insertDocument(t, { customerId: viewer.customerId, name: 'mine.pdf', fragments: ['Hello.'] });
    expect((await list(viewer.token, mine.fileId)).body.code).toBe('00000');
    const id = mine.fragmentIds[0] ?? 0;
    const edit = await update(viewer.token, id, { enabled: false });
    expect([edit.status, edit.body.code]).toEqual([403, 'A0312']);
    expect((await fragmentRow(id))?.enabled).toBe(true);
    const anon = await t.app.inject({ method: 'POST', url: `/api/v3/knowledge/fragment/update/${id}`, payload: {} });
    expect(anon.json()).toMatchObject({ code: 'A0301' });
  });

  it('never shows or changes another customer’s document or fragment', async () => {
    const foreignId = foreign.fragmentIds[0] ?? 0;
    const shown = await list(editor.token, foreign.fileId);
    expect([shown.status, shown.body.code]).toEqual([404, 'A0404']);
    expect(JSON.stringify(shown.body)).not.toContain('vault');
    for (const body of [{ enabled: false }, { content: 'Hijacked' }]) {
      const changed = await update(editor.token, foreignId, body);
      expect([changed.status, changed.body.code]).toEqual([404, 'A0404']);
    }
    // A missing id answers exactly like a foreign one.
    expect((await update(editor.token, 2_000_000_000, { enabled: false })).body.code).toBe('A0404');
    expect(await fragmentRow(foreignId)).toMatchObject({ content: 'The vault code is 4711.', enabled: true });
  });

  it('treats the fragments of a binned document as gone', async () => {
    const binned = await insertDocument(t, {
      customerId: editor.customerId,
      name: 'old.pdf',
      fragments: ['Old text.'],
      deleted: true,
    });
    expect((await list(editor.token, binned.fileId)).body.code).toBe('A0404');
    expect((await update(editor.token, binned.fragmentIds[0] ?? 0, { enabled: false })).body.code).toBe('A0404');
  });

  it.each([
    ['text that is too long', 1, { content: 'x'.repeat(FRAGMENT_CONTENT_MAX + 1) }, 'A0420', 'content'],
    ['empty text', 1, { content: '   ' }, 'A0410', 'content'],
    ['nothing to change', 1, {}, 'A0410', 'content'],
    ['a text on/off flag', 1, { enabled: 'no' }, 'A0400', 'enabled'],
    ['an unknown field', 1, { tokens: 3 }, 'A0400', 'tokens'],
    ['a non-numeric id', 'abc', { enabled: false }, 'A0400', 'id'],
  ])('names the field of bad input: %s', async (_case, id, body, code, field) => {
    const target = id === 1 ? (doc.fragmentIds[1] ?? 0) : id;
    const res = await update(editor.token, target, body);
    expect(res.body.code, JSON.stringify(res.body)).toBe(code);
    if (field !== 'tokens') expect(res.body.message).toContain(fieldLabel(field, 'en'));
    expect(await fragmentRow(doc.fragmentIds[1] ?? 0)).toMatchObject({ enabled: true });
  });

  it('names the field of a bad list query', async () => {
    const bad = await list(editor.token, doc.fileId, '?pageSize=x');
    expect(bad.body.code).toBe('A0400');
    expect(bad.body.message).toContain(fieldLabel('pageSize', 'en'));
    const badId = await t.call('GET', '/api/v3/knowledge/file/x/fragments', { token: editor.token });
    expect(badId.body.code).toBe('A0400');
    expect(badId.body.message).toContain(fieldLabel('id', 'en'));
  });
});

describe('correcting a fragment', () => {
  const revision = async (customerId: number) =>
    (
      await t.database.db
        .select({ revision: max(knowledgeChanges.revision) })
        .from(knowledgeChanges)
        .where(eq(knowledgeChanges.customerId, customerId))
    )[0]?.revision ?? null;

  it('switches a fragment off and on: reported disabled, the knowledge revision moves', async () => {
    const id = doc.fragmentIds[0] ?? 0;
    const before = await revision(editor.customerId);
    const off = await update(editor.token, id, { enabled: false });
    expect(off.body.code).toBe('00000');
    expect(off.body.data).toMatchObject({ id, enabled: false, content: 'We are open 9 to 6, Monday to Friday.' });
    const after = await revision(editor.customerId);
    expect(after).not.toBeNull();
    expect(Number(after)).toBeGreaterThan(Number(before ?? 0));
    const listed = await list(editor.token, doc.fileId);
    expect(listed.body.data.list.find((f) => f.id === id)?.enabled).toBe(false);
    // The document itself stays as it was: one fragment off is not the document off.
    const [file] = await t.database.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, doc.fileId));
    expect(file?.enabled).toBe(true);
    expect((await update(editor.token, id, { enabled: true })).body.data.enabled).toBe(true);
  });

  it('stores new text with its new token count, found by its words, and a later updatedAt', async () => {
    const id = doc.fragmentIds[1] ?? 0;
    const old = await fragmentRow(id);
    const content =
      '  Returns are accepted within 60 days, with or without the receipt; refunds take five working days.  ';
    const res = await update(editor.token, id, { content, enabled: false });
    expect(res.body.code).toBe('00000');
    const trimmed = content.trim();
    expect(res.body.data).toMatchObject({ id, content: trimmed, tokens: countTokens(trimmed), enabled: false });
    expect(res.body.data.tokens).not.toBe(old?.tokens);
    const stored = await fragmentRow(id);
    expect(stored).toMatchObject({ content: trimmed, tokens: countTokens(trimmed), heading: 'Returns' });
    expect(stored?.updatedAt.getTime()).toBeGreaterThan(old?.updatedAt.getTime() ?? 0);
    const found = await list(editor.token, doc.fileId, '?keyword=refunds');
    expect(found.body.data.list.map((f) => f.id)).toEqual([id]);
  });
});
