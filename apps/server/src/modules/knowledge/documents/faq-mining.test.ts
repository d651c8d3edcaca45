import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { makeDocx, makePdf, uploadDocument, waitForDocument } from '@agent-console/server/test/fixtures/knowledge';
import { describe, expect, it } from 'vitest';

/**
 * Issue 32: QA mined from uploaded FAQ documents, through the real upload, extraction, splitting
 * and mining (built-in miner): one QA per question the author wrote, none made up.
 */
const { t, admin } = useAdminApp({ jobs: true });
interface Qa {
  question: string;
  answer: string;
}

/** Uploads a document, waits for it to be processed and answers its QA, sorted by question. */
async function minedQa(name: string, data: Buffer): Promise<Qa[]> {
  const saved = await uploadDocument(t, admin(), name, data);
  expect(saved.body.code).toBe('00000');
  const id = saved.body.data.id;
  const view = await waitForDocument(t, admin(), id);
  expect(view).toMatchObject({ processStatus: 'completed', miningStatus: 3, abnormalReason: null });
  const page = await t.call<{ list: Qa[]; total: number }>('POST', '/api/v3/qa-file/qaPage', {
    token: admin(),
    body: { pageNum: 1, pageSize: 100, fileId: id },
  });
  expect(page.body.data.total).toBe(view?.qaCount);
  return page.body.data.list
    .map(({ question, answer }) => ({ question, answer }))
    .sort((a, b) => a.question.localeCompare(b.question));
}

const byQuestion = (pairs: Qa[]) => [...pairs].sort((a, b) => a.question.localeCompare(b.question));

describe('QA mined from FAQ documents', () => {
  it('a DOCX of Q:/A: pairs gives one QA per pair, question and answer exact, a heading in none', async () => {
    const qa = await minedQa(
      'shipping-faq.docx',
      makeDocx([
        'Shipping FAQ',
        'Q: How long does delivery take?',
        'A: Orders arrive within three working days.',
        'Question: Can I change my delivery address?',
        'Answer: Yes, until the parcel leaves the warehouse.',
        'International orders',
        'Q：Do you ship abroad?',
        'A：Only within the European Union.',
      ]),
    );
    expect(qa).toEqual(
      byQuestion([
        { question: 'How long does delivery take?', answer: 'Orders arrive within three working days.' },
        { question: 'Can I change my delivery address?', answer: 'Yes, until the parcel leaves the warehouse.' },
        { question: 'Do you ship abroad?', answer: 'Only within the European Union.' },
      ]),
    );
  });

  it('a PDF holding three Q&As gives three QA, not one holding all three', async () => {
    const qa = await minedQa(
      'router-faq.pdf',
      makePdf([
        'Acme X200 Router',
        'Q: How do I reset the router? A: Hold the reset button for ten seconds.',
        'Q: What is the default password? A: It is printed on the label under the router.',
        'Q: Can I use the router abroad? A: Yes, it accepts 100 to 240 volts.',
      ]),
    );
    expect(qa).toEqual(
      byQuestion([
        { question: 'How do I reset the router?', answer: 'Hold the reset button for ten seconds.' },
        { question: 'What is the default password?', answer: 'It is printed on the label under the router.' },
        { question: 'Can I use the router abroad?', answer: 'Yes, it accepts 100 to 240 volts.' },
      ]),
    );
  });

  it('numbered questions give one QA each, an answer of several paragraphs kept whole', async () => {
    const qa = await minedQa(
      'numbered-faq.docx',
      makeDocx([
        'Frequently asked questions',
        '1. How do I reset the router?',
        'Hold the reset button for ten seconds.',
        'The lights blink twice while it restarts.',
        'Warranty',
        '2. How long is the warranty?',
        'Two years from the date of purchase.',
        '3. Where do I find the serial number?',
        'On the label under the router.',
      ]),
    );
    expect(qa).toEqual(
      byQuestion([
        {
          question: 'How do I reset the router?',
          answer: 'Hold the reset button for ten seconds.\n\nThe lights blink twice while it restarts.',
        },
        { question: 'How long is the warranty?', answer: 'Two years from the date of purchase.' },
        { question: 'Where do I find the serial number?', answer: 'On the label under the router.' },
      ]),
    );
  });

  it('question headings give their answers up to the next question or heading, in a PDF too', async () => {
    const qa = await minedQa(
      'headings.pdf',
      makePdf([
        'Acme X200 Router - Product FAQ',
        'How do I set up the router?',
        'Connect it to your modem with the yellow cable.',
        'Then open the app and follow the steps.',
        'Specifications',
        'The X200 has four LAN ports and supports Wi-Fi 6 on both bands.',
        'Is the router safe for children?',
        'Yes, it has no exposed parts.',
      ]),
    );
    expect(qa).toEqual(
      byQuestion([
        {
          question: 'How do I set up the router?',
          answer: 'Connect it to your modem with the yellow cable.\nThen open the app and follow the steps.',
        },
        { question: 'Is the router safe for children?', answer: 'Yes, it has no exposed parts.' },
      ]),
    );
  });

  it('Chinese 问/答 pairs, with 问题/回答 and Q/A mixed in, give one QA each', async () => {
    const qa = await minedQa(
      '常见问题.docx',
      makeDocx([
        '账户常见问题',
        '问：如何重置登录密码？',
        '答：在登录页点击“忘记密码”，按短信验证码重置。',
        '问题：可以注销账户吗？',
        '回答：可以，在设置中申请注销。',
        '付款问题',
        'Q：支持哪些付款方式？',
        'A：微信、支付宝和银行卡。',
      ]),
    );
    expect(qa).toEqual(
      byQuestion([
        { question: '如何重置登录密码？', answer: '在登录页点击“忘记密码”，按短信验证码重置。' },
        { question: '可以注销账户吗？', answer: '可以，在设置中申请注销。' },
        { question: '支持哪些付款方式？', answer: '微信、支付宝和银行卡。' },
      ]),
    );
  });

  it('a document titled as an FAQ with headings that ask nothing gives no QA', async () => {
    const qa = await minedQa(
      'x200-overview.docx',
      makeDocx([
        'Acme X200 Router - Product FAQ',
        'Overview',
        'The X200 is a dual-band router for homes and small offices, with four LAN ports.',
        'Installation',
        'Place the router in a central spot and connect it to your modem with the yellow cable.',
        'Delivery times',
        'Orders ship within two working days from our warehouse.',
      ]),
    );
    expect(qa).toEqual([]);
  });

  it('the title and headings of an FAQ document give no QA of their own', async () => {
    const qa = await minedQa(
      'x200-faq.docx',
      makeDocx([
        'Acme X200 Router - Product FAQ',
        'Setup',
        'Q: How do I reset the router?',
        'A: Hold the reset button for ten seconds.',
        'Warranty',
        'Q: How long is the warranty?',
        'A: Two years from the date of purchase.',
      ]),
    );
    expect(qa).toEqual(
      byQuestion([
        { question: 'How do I reset the router?', answer: 'Hold the reset button for ten seconds.' },
        { question: 'How long is the warranty?', answer: 'Two years from the date of purchase.' },
      ]),
    );
  });
});
