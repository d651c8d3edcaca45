import { qaUnit as qa } from '@agent-console/server/test/fixtures/knowledge-units';
import { describe, expect, it } from 'vitest';
import { KnowledgeIndex, type KnowledgeUnit } from './knowledge-index';
import { hasContent, JOINED_WORD_WEIGHT, misspeltFunctionWord, queryTerms, versionTerms } from './search-terms';
import { MASK_TERMS } from './term-postings';
import { wordRarity } from './word-rarity';

const passage = (id: number, fileId: number, title: string, text: string): KnowledgeUnit => ({
  kind: 'fragment',
  id,
  fileId,
  fileName: `file-${fileId}.docx`,
  folderId: null,
  title,
  text,
});

const UNITS: KnowledgeUnit[] = [
  passage(
    1,
    10,
    'Conditional formatting',
    'Conditional formatting shows a style for cells whose value matches a rule.',
  ),
  passage(
    1,
    10,
    'Conditional formatting',
    'When several rules conflict on one cell, the rule with the lowest priority wins.',
  ),
  passage(2, 10, 'Data validation', 'Data validation limits the values a cell accepts to a list or a range.'),
  passage(3, 11, 'Conditional formatting', 'The other workbook format has its own formatting notes about fonts.'),
];

describe('KnowledgeIndex', () => {
  it('ranks the passages of one section as one candidate that covers what either holds', () => {
    const index = new KnowledgeIndex(UNITS);
    const found = index.search(queryTerms('conditional formatting rules conflict priority'), () => true, 10);
    const section = found.filter((c) => c.unit.fileId === 10 && c.unit.title === 'Conditional formatting');
    expect(section).toHaveLength(1);
    expect(section[0]?.unit.text).toContain('shows a style');
    expect(section[0]?.unit.text).toContain('lowest priority wins');
    expect(found[0]).toBe(section[0]);
    expect(section[0]?.coverage).toBeGreaterThan(0.9);
  });

  it('covers what the best passage and those beside it hold: a far passage of a long section is not quoted', () => {
    const section = (order: string[]) =>
      new KnowledgeIndex(order.map((text, n) => passage(60 + n, 6, 'Table options', text)));
    const rule = 'Conditional formatting rules colour the cells of a table.';
    const priority = 'A priority decides which rule applies.';
    const others = ['Borders of a table.', 'Fonts of the header row.'];
    const question = queryTerms('conditional formatting rule priority');
    const [near] = section([rule, priority, ...others]).search(question, () => true, 10);
    const [far] = section([rule, ...others, priority]).search(question, () => true, 10);
    expect(near?.unit.text).toContain('priority decides');
    expect(far?.unit.text).not.toContain('priority decides');
    expect(far?.coverage).toBeLessThan((near?.coverage ?? 0) - 0.1);
    // A passage found by meaning stays the candidate's, however far from its best passage by words.
    const [meant] = section([rule, ...others, priority]).search(question, () => true, 10, new Set([3]));
    expect(meant?.unit.text).toContain('priority decides');
  });

  it('keeps sections of the same heading in different documents apart, and other sections on their own', () => {
    const index = new KnowledgeIndex(UNITS);
    const found = index.search(queryTerms('formatting of a cell'), () => true, 10);
    const titles = found.map((c) => `${c.unit.fileId}:${c.unit.title}`);
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles).toContain('11:Conditional formatting');
    expect(found.find((c) => c.unit.fileId === 11)?.unit.text).not.toContain('lowest priority');
  });

  it('counts a long Chinese word and the parts jieba also gives as one word of the question', () => {
    const terms = queryTerms('图片的文件格式');
    expect(terms.find((t) => t.term === '文件')?.within).toBe('文件格式');
    const index = new KnowledgeIndex([
      passage(5, 12, '添加图片', '添加图片时必须指定文件的扩展名，支持的格式有 jpeg、png 和 gif。'),
      passage(6, 12, '样式', '单元格支持丰富的样式。'),
    ]);
    const [best] = index.search(terms, () => true, 10);
    // "文件格式" is not in the text, but both of its parts are: the question is held whole.
    expect(best?.unit.id).toBe(5);
    expect(best?.coverage).toBeGreaterThan(0.9);
  });

  it('finds a hyphenated word written as one, and a one-character Chinese word inside a longer one', () => {
    const index = new KnowledgeIndex([
      passage(
        7,
        13,
        'Reopening log files',
        'When a rotation tool has no copy-truncate, pino reopens the file on a signal.',
      ),
      passage(8, 13, 'Log levels', 'Each log line has a level, and the logger drops lines below its level.'),
      passage(9, 14, '工作表', '将工作表添加到工作簿后，将无法将其删除。'),
      passage(10, 14, '样式', '单元格支持丰富的样式。'),
    ]);
    const [joined] = index.search(queryTerms('my rotation tool cannot copytruncate'), () => true, 10);
    expect(joined?.unit.id).toBe(7);
    expect(joined?.held.get('copytrunc')).toBe(1);
    const [short] = index.search(queryTerms('还能删工作表吗'), () => true, 10);
    expect(short?.unit.id).toBe(9);
    expect(short?.held.get('删')).toBeGreaterThan(0);
  });

  it('ranks first, of units holding the same words, the one holding the kind of value asked for', () => {
    const index = new KnowledgeIndex([
      qa(20, 'Can I open a return?', 'Open a return from your orders page and we collect the parcel.'),
      qa(21, 'Is the shop open on holidays?', 'The shop is open every day from 9:00 to 18:00, holidays included.'),
      passage(22, 15, 'Express delivery', 'Express delivery reaches you in two days and costs ¥15.'),
      passage(23, 15, 'Standard delivery', 'Standard delivery is the default delivery for every order.'),
    ]);
    const [when] = index.search(queryTerms('when is the shop open'), () => true, 10);
    expect(when?.unit.id).toBe(21);
    expect(when?.held.has('⟨time⟩')).toBe(true);
    const [cost] = index.search(queryTerms('How much does delivery cost?'), () => true, 10);
    expect(cost?.unit.id).toBe(22);
    expect(cost?.held.has('⟨price⟩')).toBe(true);
    const [long] = index.search(queryTerms('how long does delivery take'), () => true, 10);
    expect(long?.unit.id).toBe(22);
    expect(long?.held.has('⟨duration⟩')).toBe(true);
  });

  it('finds a version asked as "version 4" or "版本 4" where the knowledge writes 4.0.0 or v4, and a measure never', () => {
    expect(versionTerms('end of support for version 4, or v5.2, or 3.x? 第 2 版')).toEqual(['v4', 'v5', 'v3', 'v2']);
    // A decimal and an address are not versions, and a lone digit is no term.
    expect(versionTerms('it takes 1.5 seconds on 192.168.1.1 and Python 3.11')).toEqual([]);
    const index = new KnowledgeIndex([
      passage(30, 16, 'Releases', 'Release | Date | End of support\n\n3.0.0 | 2020-07-07 | 2023-06-30'),
      passage(31, 16, 'Releases', '4.0.0 | 2022-06-08 | 2025-06-30'),
      passage(
        32,
        16,
        'Upgrading',
        'Read the release notes before each upgrade; the end of support is on the releases page.',
      ),
      passage(33, 17, '版本说明', '版本 4 起支持流式写入。'),
    ]);
    const [english] = index.search(queryTerms('end of support date for version 4'), () => true, 10);
    expect(english?.unit.text).toContain('4.0.0');
    expect(english?.held.get('v4')).toBeGreaterThan(0);
    const [chinese] = index.search(queryTerms('v4 支持流式写入吗'), () => true, 10);
    expect(chinese?.unit.id).toBe(33);
  });
});

describe('words the knowledge does not hold, weighed as what they say', () => {
  const index = new KnowledgeIndex([
    passage(
      40,
      18,
      'Pino with debug',
      'The pino-debug module routes the debug logs of other modules through pino. This results in a 10x performance improvement.',
    ),
    passage(
      41,
      18,
      'Log to different streams',
      'Pino writes to stdout; a transport sends debug lines to other streams.',
    ),
    qa(
      42,
      'Why is fflate fast?',
      'fflate is faster than other compression libraries because it avoids copying buffers.',
    ),
    qa(
      43,
      '嵌套 name 应该使用数组还是字符串？',
      '嵌套 name 使用数组而不是字符串，user.name 这样的名称会转换为嵌套对象。',
    ),
  ]);
  const weightOf = (terms: readonly { term: string; weight: number }[], term: string) =>
    terms.find((t) => t.term === term)?.weight;

  it('weighs a misspelling as the everyday word it stands for, and an unknown name as rare', () => {
    const asked = queryTerms('how much fatser is pino-debug than plain debug');
    // Unknown to the word counts, "fatser" first weighs as a rare word would.
    expect(weightOf(asked, 'fatser')).toBe(1);
    const weighed = index.weighUnheld(asked);
    expect(weightOf(weighed, 'fatser')).toBeCloseTo(wordRarity('faster'), 5);
    expect(weightOf(weighed, 'fatser')).toBeLessThan(0.75);
    // Words the knowledge holds, and everyday words, keep their weight.
    expect(weightOf(weighed, 'pino')).toBe(weightOf(asked, 'pino'));
    expect(weightOf(weighed, 'plain')).toBe(weightOf(asked, 'plain'));
    // The section that answers holds more of the question once the typo weighs as "faster".
    const before = index.search(asked, () => true, 10)[0];
    const after = index.search(weighed, () => true, 10)[0];
    expect(before?.unit.id).toBe(40);
    expect(after?.unit.id).toBe(40);
    expect(after?.coverage).toBeGreaterThan((before?.coverage ?? 0) + 0.05);
    // A name no word of the knowledge is one edit from stays rare: it is what a near miss is about.
    expect(weightOf(index.weighUnheld(queryTerms('does pino support brotli')), 'brotli')).toBe(1);
    // An earlier turn's word keeps its lower scale.
    const earlier = asked.map((t) => ({ ...t, weight: t.weight * 0.6 }));
    expect(weightOf(index.weighUnheld(earlier), 'fatser')).toBeCloseTo(0.6 * wordRarity('faster'), 5);
  });

  it('takes a misspelt function word for the function word: dropped, or a question word', () => {
    const asked = queryTerms('whta shuold i use for faster compression');
    expect(weightOf(asked, 'shuold')).toBe(1);
    const weighed = index.weighUnheld(asked);
    // "shuold" is "should": it says nothing about what is asked, and no answer is missing it.
    expect(weighed.some((t) => t.word === 'shuold')).toBe(false);
    // "whta" is "what": it asks, and weighs as a question word.
    expect(weighed.find((t) => t.word === 'whta')).toMatchObject({ term: 'what', asks: true, weight: 0.2 });
    const [best] = index.search(weighed, () => true, 10);
    expect(best?.unit.id).toBe(42);
    expect(best?.coverage).toBeGreaterThan(index.search(asked, () => true, 10)[0]?.coverage ?? 1);
    // An English word one edit from a function word ("theme", "them") is a word, held or not.
    expect(misspeltFunctionWord('theme')).toMatchObject({ word: 'them' });
    expect(index.weighUnheld(queryTerms('change the theme')).map((t) => t.term)).toContain('theme');
    // So is a word the knowledge holds ("wiht" here is a name).
    const named = new KnowledgeIndex([qa(44, 'What is wiht?', 'A tool.')]);
    expect(named.weighUnheld(queryTerms('install wiht')).map((t) => t.term)).toContain('wiht');
    // An earlier turn's misspelt question word keeps that turn's lower scale.
    const earlier = asked.map((t) => ({ ...t, weight: t.weight * 0.6 }));
    expect(weightOf(index.weighUnheld(earlier), 'what')).toBeCloseTo(0.6 * 0.2, 5);
    // Short words and other first letters are left as they are.
    expect(misspeltFunctionWord('wat')).toBeNull();
    expect(misspeltFunctionWord('bhat')).toBeNull();
  });

  it('weighs colloquial Chinese question words ("为啥", "咋", "啥时候") as question words, like "为什么"', () => {
    const colloquial = queryTerms('我改了数组里的一项, 界面却没刷新, 为啥');
    expect(colloquial.find((t) => t.word === '为啥')).toMatchObject({ asks: true, weight: 0.2 });
    for (const question of ['这个咋配置', '啥时候发货', '为什么没刷新']) {
      const asking = queryTerms(question).filter((t) => t.asks);
      expect(asking.length, question).toBeGreaterThan(0);
      expect(asking.every((t) => t.weight === 0.2)).toBe(true);
    }
    // A question of only colloquial question words asks about nothing.
    expect(hasContent(queryTerms('为啥？咋办？'))).toBe(false);
  });

  it('reads contractions typed without the apostrophe, and what is left of one, as the function words they are', () => {
    const asked = queryTerms("whats the default port, it doesnt start and I don't know why");
    expect(asked.find((t) => t.word === 'whats')).toMatchObject({ asks: true, weight: 0.2 });
    expect(asked.map((t) => t.word)).not.toContain('doesnt');
    expect(asked.map((t) => t.word)).not.toContain('don');
    expect(asked.filter((t) => !t.asks).map((t) => t.word)).toEqual(['default', 'port', 'start']);
  });

  it('weighs a Chinese word rated as rare as can be, that the knowledge lacks, as its rarest character', () => {
    const asked = queryTerms('字段名写成 user.name 这种带点的还会被转成嵌套对象吗');
    expect(weightOf(asked, '带点')).toBe(1);
    const weighed = index.weighUnheld(asked);
    // A casual run of everyday characters says little …
    expect(weightOf(weighed, '带点')).toBeCloseTo(Math.max(wordRarity('带'), wordRarity('点')), 5);
    expect(weightOf(weighed, '带点')).toBeLessThan(0.3);
    // … a word the knowledge holds keeps its weight, and so does a word of a rare character.
    expect(weightOf(weighed, '嵌套')).toBe(1);
    expect(weightOf(index.weighUnheld(queryTerms('能插入柱状图吗')), '柱状图')).toBeGreaterThan(0.8);
    const before = index.search(asked, () => true, 10)[0];
    const after = index.search(weighed, () => true, 10)[0];
    expect(after?.unit.id).toBe(43);
    expect(after?.coverage).toBeGreaterThan((before?.coverage ?? 0) + 0.05);
  });

  it('searches a hyphenated name as written whole too, never as a typo, and counts only its parts', () => {
    const units = [
      passage(50, 19, 'Debug and pino', 'Pino and debug: debug prints to stderr, pino to stdout.'),
      passage(51, 19, 'Pino with debug', 'Install pino-debug to route debug through pino.'),
    ];
    const named = new KnowledgeIndex(units);
    const asked = queryTerms('what does pino-debug do');
    expect(asked.find((t) => t.term === 'pinodebug')).toMatchObject({ joined: true, weight: JOINED_WORD_WEIGHT });
    // Not a word of its own in the coverage: its parts are.
    expect(named.coverageWeights(asked).get('pinodebug')).toBe(0);
    expect(named.coverageWeights(asked).get('pino')).toBeGreaterThan(0);
    const [best, next] = named.search(asked, () => true, 10);
    expect(best?.unit.id).toBe(51);
    expect(best?.coverage).toBeCloseTo(next?.coverage ?? 0, 5);
    // Without the name written whole, the unit repeating its parts comes first.
    const [apart] = named.search(
      asked.filter((t) => !t.joined),
      () => true,
      10,
    );
    expect(apart?.unit.id).toBe(50);
    // A misspelt name is searched by its parts alone, not as a typo of the name.
    const [typo] = named.search(queryTerms('what does pino-debgu do'), () => true, 10);
    expect(typo?.held.has('pinodebgu')).toBe(false);
    expect(hasContent(queryTerms('pino-debug'))).toBe(true);
  });
});

describe('KnowledgeIndex search, looking closely at the best candidates only', () => {
  // Many units sharing words, in sections of two passages and alone, English and Chinese: the
  // walk that stops once no candidate can reach the kept ranks must keep exactly what ranking
  // every candidate keeps.
  const nouns = ['pump', 'valve', 'sensor', 'router', 'printer', '水泵', '阀门', '传感器'];
  const verbs = ['reset', 'install', 'clean', 'replace', '安装', '清洗'];
  const units: KnowledgeUnit[] = [];
  for (let i = 0; i < 400; i++) {
    const noun = nouns[i % nouns.length] as string;
    const verb = verbs[(i * 7) % verbs.length] as string;
    const text = `How to ${verb} the ${noun} model ${i % 13}: ${verb} it after ${nouns[(i * 3) % nouns.length]} checks.`;
    if (i % 3 === 0) {
      units.push(passage(1000 + i, 20 + (i % 5), `${noun} ${verb}`, text));
      units.push(passage(1000 + i, 20 + (i % 5), `${noun} ${verb}`, `${verb} ${verb} again, the ${noun} 部件 ${i}`));
    } else {
      units.push(qa(i, `${verb} ${noun} ${i % 13}?`, text));
    }
  }
  const index = new KnowledgeIndex(units);
  const questions = [
    'how do I reset the pump model 4',
    '怎么安装水泵',
    'clean valve sensor',
    '传感器部件清洗',
    'replace',
    // More search terms than a unit's mask tells apart (term-postings.ts): the rest count as held.
    `reset install clean replace pump valve sensor router printer 水泵 阀门 传感器 安装 清洗 部件 ${Array.from(
      { length: 30 },
      (_, n) => 102 + 3 * n,
    ).join(' ')}`,
  ];

  it('returns the first candidates of the full ranking, in its order, with the same measures', () => {
    expect(queryTerms(questions.at(-1) as string).length).toBeGreaterThan(MASK_TERMS);
    for (const question of questions) {
      const terms = queryTerms(question);
      const all = index.search(terms, () => true, 10_000);
      expect(all.length).toBeGreaterThan(10);
      const few = index.search(terms, () => true, 5);
      expect(few.map((c) => [c.unit.kind, c.unit.id, c.rank, c.coverage])).toEqual(
        all.slice(0, 5).map((c) => [c.unit.kind, c.unit.id, c.rank, c.coverage]),
      );
    }
  });

  it('still returns a candidate found by meaning however far behind by words, and skips what admit refuses', () => {
    const terms = queryTerms('how do I reset the pump model 4');
    const all = index.search(terms, () => true, 10_000);
    const last = all.at(-1) as (typeof all)[number];
    const position = index.unitOf(`${last.unit.kind}:${last.unit.id}`) as number;
    const found = index.search(terms, () => true, 3, new Set([position]));
    expect(found).toHaveLength(4);
    expect(found.at(-1)?.unit.id).toBe(last.unit.id);
    const onlyQa = index.search(terms, (unit) => unit.kind === 'qa', 5);
    expect(onlyQa.every((c) => c.unit.kind === 'qa')).toBe(true);
    expect(onlyQa).toHaveLength(5);
  });

  it('leaves its working memory as it found it, after a search that fails too', () => {
    const measures = (question: string) =>
      index.search(queryTerms(question), () => true, 7).map((c) => [c.unit.kind, c.unit.id, c.bm25, c.rank]);
    const before = questions.map(measures);
    expect(() =>
      index.search(
        queryTerms('clean valve sensor'),
        () => {
          throw new Error('refused');
        },
        5,
      ),
    ).toThrow('refused');
    // Interleaved and repeated, each question finds what it found alone, to the last digit.
    expect([...questions].reverse().map(measures).reverse()).toEqual(before);
    expect(questions.map(measures)).toEqual(before);
  });
});

describe('candidates tied on rank', () => {
  it('keeps the earliest of records written from one template, in their order', () => {
    // Forty records that differ only by a model number the question does not name: all tie.
    const units = Array.from({ length: 40 }, (_, i) =>
      qa(i + 1, `How do I reset the router model X${100 + i}?`, `Hold the reset button of model X${100 + i}.`),
    );
    const index = new KnowledgeIndex(units);
    const found = index.search(queryTerms('how do I reset the router'), () => true, 10);
    expect(new Set(found.map((c) => c.rank)).size).toBe(1);
    expect(found.map((c) => c.unit.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // One that holds the question's model too comes first, wherever it stands.
    const named = index.search(queryTerms('how do I reset the router model X137'), () => true, 10);
    expect(named[0]?.unit.id).toBe(38);
    expect(named.slice(1).map((c) => c.unit.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe("a candidate's bound", () => {
  // Forty made-up words, each one a rare name of its own: "zqab", "zqac", …
  const words = Array.from(
    { length: 40 },
    (_, n) => `zq${String.fromCharCode(97 + Math.floor(n / 26))}${String.fromCharCode(97 + (n % 26))}`,
  );
  const span = (from: number, to: number) => words.slice(from, to).join(' ');
  const question = queryTerms(words.join(' '));
  const ids = (found: { unit: KnowledgeUnit }[]) => found.map((c) => `${c.unit.kind}:${c.unit.id}`);

  it('counts the terms past those a mask tells apart as held', () => {
    expect(question.length).toBeGreaterThan(MASK_TERMS);
    const index = new KnowledgeIndex([
      qa(1, 'first', span(0, 10)),
      // Holds only words past the mask's: its bound must not take them as missing.
      qa(2, 'second', span(MASK_TERMS, 40)),
      qa(3, 'third', span(10, 17)),
      qa(4, 'fourth', span(17, 20)),
      // Every other word in a unit of its own, so that each word of the question is a search term.
      ...words.slice(20, MASK_TERMS).map((word, n) => qa(10 + n, 'other', word)),
    ]);
    expect(question.every((q) => index.has(q.term))).toBe(true);
    const all = index.search(question, () => true, 10_000);
    expect(ids(all).slice(0, 2)).toEqual(['qa:1', 'qa:2']);
    expect(ids(index.search(question, () => true, 2))).toEqual(ids(all.slice(0, 2)));
  });

  it('covers what any passage of a section holds, not its best passage alone', () => {
    const index = new KnowledgeIndex([
      qa(1, 'first', span(0, 10)),
      // A section: its best passage holds six words, the other six more.
      passage(50, 5, 'Section', `${span(10, 16)} ${span(10, 16)}`),
      passage(50, 5, 'Section', span(16, 22)),
      qa(3, 'third', span(22, 30)),
      qa(4, 'fourth', span(30, 33)),
    ]);
    const all = index.search(question, () => true, 10_000);
    expect(ids(all).slice(0, 2)).toEqual(['qa:1', 'fragment:50']);
    expect(ids(index.search(question, () => true, 2))).toEqual(ids(all.slice(0, 2)));
  });
});
