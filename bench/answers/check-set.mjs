#!/usr/bin/env node
// Validates an answer-quality evaluation set (plain Node, no dependencies).
// Usage: node check-set.mjs set   (or set-b)  -> prints a summary, exits 1 on any error.
// The set's folder holds minimums.json: the least questions of each class, and in all.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = join(dirname(fileURLToPath(import.meta.url)), process.argv[2] ?? 'set');
const errors = [];
const warnings = [];
const err = (m) => errors.push(m);
const warn = (m) => warnings.push(m);

const HAN = /[\u4e00-\u9fff]/;
const norm = (s) => s.replace(/\s+/g, ' ').trim();
const countOcc = (hay, needle) => {
  let n = 0;
  for (let i = hay.indexOf(needle); i !== -1; i = hay.indexOf(needle, i + 1)) n++;
  return n;
};

// ---------- documents ----------
const docDir = join(here, 'documents');
const docs = {};
for (const f of readdirSync(docDir)
  .filter((f) => f.endsWith('.md'))
  .sort()) {
  const text = readFileSync(join(docDir, f), 'utf8');
  const name = f.replace(/\.md$/, '');
  docs[name] = { text, norm: norm(text), bytes: statSync(join(docDir, f)).size };
}
const docNames = Object.keys(docs);
if (docNames.length < 6 || docNames.length > 10) err(`documents: expected 6-10 files, found ${docNames.length}`);
let zhDocs = 0;
let faqDocs = 0;
for (const [name, d] of Object.entries(docs)) {
  if (d.bytes > 25 * 1024) err(`documents/${name}.md is ${d.bytes} bytes (> 25 KB)`);
  const han = (d.text.match(/[\u4e00-\u9fff]/g) || []).length;
  if (han > d.text.length * 0.2) zhDocs++;
  const lines = d.text.split('\n');
  if (lines.some((l) => /^#/.test(l))) err(`documents/${name}.md has a line starting with '#'`);
  if (
    /<\/?[a-z][a-z0-9]*(\s[^>]*)?>/i.test(
      d.text.replace(/<(stage|pkg|event|folder|pkg-name|user defined|user-defined|extLst)>/g, ''),
    )
  )
    warn(`documents/${name}.md may contain HTML tags`);
  if (/!\[|\]\(http/.test(d.text)) err(`documents/${name}.md contains Markdown images/links`);
  // FAQ-like: at least 3 standalone question lines (headings ending with "?")
  const qLines = lines.filter(
    (l, i) => /[?？]\s*$/.test(l) && l.length < 120 && (lines[i - 1] ?? '') === '' && (lines[i + 1] ?? '') === '',
  );
  if (qLines.length >= 3) faqDocs++;
}
if (zhDocs < 2) err(`documents: need >= 2 Chinese documents, found ${zhDocs}`);
if (faqDocs < 1) err('documents: need >= 1 document written as an FAQ (question headings)');

// ---------- qa.json ----------
const qa = JSON.parse(readFileSync(join(here, 'qa.json'), 'utf8'));
if (!Array.isArray(qa)) err('qa.json is not an array');
const qaQuestions = new Map();
let zhQa = 0;
for (const [i, r] of qa.entries()) {
  if (typeof r.question !== 'string' || !r.question.trim()) err(`qa[${i}] has no question`);
  if (typeof r.answer !== 'string' || !r.answer.trim()) err(`qa[${i}] has no answer`);
  if (qaQuestions.has(r.question)) err(`qa.json: duplicate question "${r.question}"`);
  qaQuestions.set(r.question, r);
  if (HAN.test(r.question)) zhQa++;
  // QA content must not duplicate document content: no 60-char window of the answer may occur in a document.
  const a = norm(r.answer);
  for (let k = 0; k + 60 <= a.length; k += 30) {
    const win = a.slice(k, k + 60);
    const hit = docNames.find((n) => docs[n].norm.includes(win));
    if (hit) {
      err(`qa "${r.question}" duplicates text of documents/${hit}.md: "${win}"`);
      break;
    }
  }
}
if (qa.length < 30) err(`qa.json: need >= 30 records, found ${qa.length}`);
if (zhQa < 6) err(`qa.json: need >= 6 Chinese records, found ${zhQa}`);

// ---------- questions.json ----------
const questions = JSON.parse(readFileSync(join(here, 'questions.json'), 'utf8'));
const { total: MIN_TOTAL, ...MIN } = JSON.parse(readFileSync(join(here, 'minimums.json'), 'utf8'));
const counts = {};
const splitCounts = {};
const targetKinds = {};
const ids = new Set();
let zhUnanswerable = 0;
for (const [i, q] of questions.entries()) {
  const where = `questions[${i}] (${q.id})`;
  if (!q.id || ids.has(q.id)) err(`${where}: missing or duplicate id`);
  ids.add(q.id);
  if (!(q.class in MIN)) err(`${where}: unknown class "${q.class}"`);
  if (q.split !== 'tune' && q.split !== 'check') err(`${where}: split must be tune|check`);
  if (typeof q.question !== 'string' || !q.question.trim()) err(`${where}: empty question`);
  counts[q.class] = (counts[q.class] || 0) + 1;
  splitCounts[`${q.class}/${q.split}`] = (splitCounts[`${q.class}/${q.split}`] || 0) + 1;
  if (q.class === 'followup') {
    if (!Array.isArray(q.history) || !q.history.length || q.history.some((h) => typeof h !== 'string' || !h.trim()))
      err(`${where}: followup needs a non-empty history of strings`);
  } else if (q.history !== undefined) err(`${where}: only followup questions may have history`);
  if (!('expect' in q)) err(`${where}: missing expect`);
  const e = q.expect;
  if (q.class === 'unanswerable') {
    if (e !== null) err(`${where}: unanswerable must have expect null`);
    if (HAN.test(q.question)) zhUnanswerable++;
    continue;
  }
  if (e === null || typeof e !== 'object') {
    err(`${where}: answerable question needs an expect object`);
    continue;
  }
  if ('qa' in e) {
    targetKinds[q.class] = targetKinds[q.class] || { qa: 0, document: 0 };
    targetKinds[q.class].qa++;
    if (!qaQuestions.has(e.qa)) err(`${where}: expect.qa "${e.qa}" not found in qa.json`);
    if ('document' in e) err(`${where}: expect has both qa and document`);
  } else if ('document' in e) {
    targetKinds[q.class] = targetKinds[q.class] || { qa: 0, document: 0 };
    targetKinds[q.class].document++;
    if (!docs[e.document]) {
      err(`${where}: document "${e.document}" does not exist`);
      continue;
    }
    const phrase = norm(e.contains || '');
    if (HAN.test(phrase)) {
      if (phrase.length < 6 || phrase.length > 60)
        err(`${where}: Chinese phrase should be 6-60 characters: "${phrase}"`);
    } else {
      const words = phrase.split(' ').filter(Boolean).length;
      if (words < 4 || words > 12) err(`${where}: phrase should have 4-12 words (${words}): "${phrase}"`);
    }
    const inTarget = countOcc(docs[e.document].norm, phrase);
    if (inTarget !== 1) err(`${where}: phrase occurs ${inTarget}x in ${e.document}.md (need exactly 1): "${phrase}"`);
    for (const n of docNames)
      if (n !== e.document && countOcc(docs[n].norm, phrase))
        err(`${where}: phrase also occurs in ${n}.md: "${phrase}"`);
    for (const r of qa) if (norm(r.answer).includes(phrase)) err(`${where}: phrase also occurs in QA "${r.question}"`);
  } else err(`${where}: expect must have qa or document`);
}
for (const [cls, min] of Object.entries(MIN)) {
  if ((counts[cls] || 0) < min) err(`class ${cls}: need >= ${min}, found ${counts[cls] || 0}`);
  for (const s of ['tune', 'check']) if (!splitCounts[`${cls}/${s}`]) err(`class ${cls}: no "${s}" questions`);
}
const total = questions.length;
if (total < MIN_TOTAL) err(`questions.json: need >= ${MIN_TOTAL} questions, found ${total}`);
const unRatio = (counts.unanswerable || 0) / total;
if (unRatio < 0.2) err(`unanswerable share ${(unRatio * 100).toFixed(1)}% < 20%`);
if (zhUnanswerable < 6) err(`need >= 6 Chinese unanswerable questions, found ${zhUnanswerable}`);
const p = targetKinds.paraphrase || { qa: 0, document: 0 };
if (Math.min(p.qa, p.document) < (counts.paraphrase || 0) * 0.35)
  warn(`paraphrase targets unbalanced: ${p.qa} QA / ${p.document} document`);

// ---------- summary ----------
const usedQa = new Set(questions.filter((q) => q.expect?.qa).map((q) => q.expect.qa));
const usedDocs = {};
for (const q of questions) if (q.expect?.document) usedDocs[q.expect.document] = (usedDocs[q.expect.document] || 0) + 1;
console.log('Answer-quality evaluation set');
console.log(`  documents: ${docNames.length} (${zhDocs} Chinese, ${faqDocs} FAQ-style)`);
for (const n of docNames)
  console.log(`    ${n.padEnd(26)} ${String(docs[n].bytes).padStart(6)} bytes, ${usedDocs[n] || 0} questions`);
console.log(`  qa.json: ${qa.length} records (${zhQa} Chinese), ${usedQa.size} used as targets`);
console.log(
  `  questions: ${total} (tune ${questions.filter((q) => q.split === 'tune').length} / check ${questions.filter((q) => q.split === 'check').length})`,
);
for (const cls of Object.keys(MIN)) {
  const t = targetKinds[cls];
  const extra =
    cls === 'unanswerable' ? `, ${zhUnanswerable} Chinese` : t ? `, targets: ${t.qa} QA / ${t.document} document` : '';
  console.log(
    `    ${cls.padEnd(13)} ${String(counts[cls] || 0).padStart(3)} (min ${MIN[cls]}; tune ${splitCounts[`${cls}/tune`] || 0} / check ${splitCounts[`${cls}/check`] || 0}${extra})`,
  );
}
console.log(`  unanswerable share: ${(unRatio * 100).toFixed(1)}%`);
for (const w of warnings) console.log(`  warning: ${w}`);
if (errors.length) {
  console.log(`FAILED with ${errors.length} error(s):`);
  for (const e of errors) console.log(`  - ${e}`);
  process.exit(1);
}
console.log('OK: all checks passed');
