import { AI_ACCESS_PERMISSIONS, LANGUAGES, type Language, WELCOME_FILE_MAX_BYTES } from '@agent-console/contracts';
import { useAdminApp } from '@agent-console/server/test/fixtures/admin-app';
import { aiRoleCalls, PNG } from '@agent-console/server/test/fixtures/ai-role';
import { makePdf } from '@agent-console/server/test/fixtures/knowledge';
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { storedObjects } from '../../../db/schema';

/**
 * Acceptance 3 of issue 16: every bad input of both AI calls is refused naming the row and the
 * field, in words a person reads in all four languages, and nothing is saved. Each case runs
 * against an app whose settings were saved before, so "nothing saved" means "still as before".
 */
const { t, admin, f } = useAdminApp();
const c = aiRoleCalls(t);
let cid: number;
let appId: number;
let pdfId: number;
let pngId: number;

const LEAD = { item: 'Phone', description: 'The customer’s mobile number', example: '13800138000' };
const TEXT = (text: string) => ({ type: 'text', text });
const TEN_MB_AND_A_BIT = Math.round(10.1 * 1024 * 1024);

beforeAll(async () => {
  cid = await f.customer();
  appId = (await c.customerApp(cid)).app.id;
  pdfId = (await c.upload(admin(), 'attachment', cid, 'prices.pdf', makePdf(['Prices']))).body.data.id;
  pngId = (await c.upload(admin(), 'image', cid, 'shop.png', PNG)).body.data.id;
  expect((await c.savePrompt(admin(), cid, appId, 'The saved prompt')).body.code).toBe('00000');
  const saved = await c.saveAccess(admin(), {
    customerId: cid,
    appId,
    autoAcceptFriend: true,
    welcomeMessages: [TEXT('The saved welcome')],
    leadItems: [LEAD],
  });
  expect(saved.body.code).toBe('00000');
});

/** The app's stored settings: compared before and after each refused save. */
const snapshot = async () => JSON.stringify(await c.row(appId));

/** An access save with the good parts filled in, overridden by `bad`. */
const access = (bad: Record<string, unknown>) => ({
  customerId: cid,
  appId,
  autoAcceptFriend: false,
  welcomeMessages: [TEXT('Hello')],
  leadItems: [LEAD],
  ...bad,
});

type Expected = { code: string; field: string; reason: string; subject?: string; en: string; 'zh-chs': string };

/** Refused with this code, naming this field, in every language; the stored settings unchanged. */
async function refused(
  send: (lang: Language) => Promise<{ body: { code: string; message: string; data: unknown } }>,
  e: Expected,
) {
  const before = await snapshot();
  for (const lang of LANGUAGES) {
    const answer = await send(lang);
    expect(answer.body.code, `${e.field} ${lang}`).toBe(e.code);
    const fields = (answer.body.data as { fields: { field: string; reason: string; subject?: string }[] }).fields;
    expect(fields[0]).toEqual({ field: e.field, reason: e.reason, ...(e.subject ? { subject: e.subject } : {}) });
    if (lang === 'en' || lang === 'zh-chs') expect(answer.body.message).toBe(e[lang]);
    // No request key or reason key in any language.
    expect(answer.body.message).not.toMatch(/\b[a-z]+[A-Z][A-Za-z]*\b/);
  }
  expect(await snapshot()).toBe(before);
}

describe('main prompt: bad input', () => {
  it('201 code points (Chinese or emoji) is too long; 200 emoji are not', async () => {
    for (const content of ['你'.repeat(201), '😀'.repeat(201), `${'a'.repeat(200)}😀`]) {
      await refused((lang) => c.savePrompt(admin(), cid, appId, content, lang), {
        code: 'A0420',
        field: 'content',
        reason: 'tooLong',
        en: 'Content is too long',
        'zh-chs': '内容过长',
      });
    }
  });

  it('empty after trimming is missing', async () => {
    for (const content of ['', '   ', '\n\t ']) {
      await refused((lang) => c.savePrompt(admin(), cid, appId, content, lang), {
        code: 'A0410',
        field: 'content',
        reason: 'required',
        en: 'Content is required',
        'zh-chs': '内容为必填项',
      });
    }
  });

  it('another customer’s app is refused naming appId', async () => {
    const other = await c.customerApp(await f.customer());
    await refused((lang) => c.savePrompt(admin(), cid, other.app.id, 'Hijack', lang), {
      code: 'A0404',
      field: 'appId',
      reason: 'notCustomerApp',
      en: 'App is not one of the chosen customer’s apps',
      'zh-chs': '应用不是所选客户的应用',
    });
    expect(await c.row(other.app.id)).toBeUndefined();
  });

  it('an unknown command names the command', async () => {
    const answer = await c.command(admin(), { command: 'dropEverything', customerId: cid, appId });
    expect(answer.body).toMatchObject({
      code: 'A0400',
      data: { fields: [{ field: 'command', reason: 'invalidValue' }] },
    });
  });
});

describe('new-customer access: bad input', () => {
  it('11 welcome messages are one too many', async () => {
    await refused(
      (lang) =>
        c.saveAccess(admin(), access({ welcomeMessages: Array.from({ length: 11 }, (_, i) => TEXT(`M${i}`)) }), lang),
      {
        code: 'A0420',
        field: 'welcomeMessages',
        reason: 'atMost10Messages',
        en: 'Welcome messages may hold at most 10 messages',
        'zh-chs': '欢迎语最多 10 条',
      },
    );
    const ten = await c.saveAccess(
      admin(),
      access({ welcomeMessages: Array.from({ length: 10 }, (_, i) => TEXT(`M${i}`)) }),
    );
    expect(ten.body.code).toBe('00000');
    await c.saveAccess(admin(), access({ autoAcceptFriend: true, welcomeMessages: [TEXT('The saved welcome')] }));
  });

  it('7 lead items are one too many, and none is too few', async () => {
    await refused((lang) => c.saveAccess(admin(), access({ leadItems: Array.from({ length: 7 }, () => LEAD) }), lang), {
      code: 'A0420',
      field: 'leadItems',
      reason: 'atMost6Items',
      en: 'Lead cleaning table may hold at most 6 items',
      'zh-chs': '线索清洗表最多 6 项',
    });
    await refused((lang) => c.saveAccess(admin(), access({ leadItems: [] }), lang), {
      code: 'A0410',
      field: 'leadItems',
      reason: 'needOneLeadItem',
      en: 'Lead cleaning table needs at least one complete item to save',
      'zh-chs': '线索清洗表至少需要一项填写完整的内容才能保存',
    });
  });

  it('an incomplete welcome message is refused naming its row and field', async () => {
    await refused(
      (lang) => c.saveAccess(admin(), access({ welcomeMessages: [TEXT('One'), TEXT('Two'), TEXT('   ')] }), lang),
      {
        code: 'A0410',
        field: 'welcomeMessages.2.text',
        reason: 'required',
        en: 'Welcome message 3: text is required',
        'zh-chs': '第 3 条欢迎语的文本内容为必填项',
      },
    );
    await refused((lang) => c.saveAccess(admin(), access({ welcomeMessages: [TEXT('One'), { type: 'file' }] }), lang), {
      code: 'A0410',
      field: 'welcomeMessages.1.objectId',
      reason: 'required',
      en: 'Welcome message 2: file is required',
      'zh-chs': '第 2 条欢迎语的文件为必填项',
    });
    await refused(
      (lang) => c.saveAccess(admin(), access({ welcomeMessages: [{ type: 'video', objectId: pdfId }] }), lang),
      {
        code: 'A0400',
        field: 'welcomeMessages.0.type',
        reason: 'invalidValue',
        en: 'Welcome message 1: type has an invalid value',
        'zh-chs': '第 1 条欢迎语的类型取值无效',
      },
    );
    await refused((lang) => c.saveAccess(admin(), access({ welcomeMessages: [TEXT('字'.repeat(1001))] }), lang), {
      code: 'A0420',
      field: 'welcomeMessages.0.text',
      reason: 'tooLong',
      en: 'Welcome message 1: text is too long',
      'zh-chs': '第 1 条欢迎语的文本内容过长',
    });
  });

  it('an incomplete lead item is refused naming its row and field', async () => {
    const rows = (bad: object) => access({ leadItems: [LEAD, { ...LEAD, ...bad }] });
    await refused((lang) => c.saveAccess(admin(), rows({ description: ' ' }), lang), {
      code: 'A0410',
      field: 'leadItems.1.description',
      reason: 'required',
      en: 'Lead item 2: description is required',
      'zh-chs': '第 2 个线索清洗项的描述为必填项',
    });
    await refused((lang) => c.saveAccess(admin(), rows({ item: '' }), lang), {
      code: 'A0410',
      field: 'leadItems.1.item',
      reason: 'required',
      en: 'Lead item 2: item is required',
      'zh-chs': '第 2 个线索清洗项的名称为必填项',
    });
    await refused((lang) => c.saveAccess(admin(), rows({ item: '项'.repeat(51) }), lang), {
      code: 'A0420',
      field: 'leadItems.1.item',
      reason: 'tooLong',
      en: 'Lead item 2: item is too long',
      'zh-chs': '第 2 个线索清洗项的名称过长',
    });
    await refused((lang) => c.saveAccess(admin(), rows({ example: '😀'.repeat(201) }), lang), {
      code: 'A0420',
      field: 'leadItems.1.example',
      reason: 'tooLong',
      en: 'Lead item 2: example is too long',
      'zh-chs': '第 2 个线索清洗项的示例过长',
    });
    // The limits are code points: 50 emoji make a valid item.
    const fits = await c.saveAccess(admin(), rows({ item: '😀'.repeat(50), description: '描'.repeat(200) }));
    expect(fits.body.code).toBe('00000');
    await c.saveAccess(admin(), access({ autoAcceptFriend: true, welcomeMessages: [TEXT('The saved welcome')] }));
  });

  it('a file of the wrong type is refused when uploaded, and a stored object of the wrong type when saved', async () => {
    const objects = async () => (await t.database.db.select({ n: count() }).from(storedObjects))[0]?.n;
    const before = await objects();
    for (const [purpose, name, data] of [
      ['attachment', 'contacts.csv', Buffer.from('name,phone\nA,1\n')],
      ['attachment', 'shop.png', PNG],
      ['image', 'prices.pdf', makePdf(['x'])],
    ] as const) {
      const answer = await c.upload(admin(), purpose, cid, name, data);
      expect([name, answer.body.code]).toEqual([name, 'A0701']);
    }
    expect(await objects()).toBe(before);
    await refused(
      (lang) =>
        c.saveAccess(admin(), access({ welcomeMessages: [TEXT('Hi'), { type: 'file', objectId: pngId }] }), lang),
      {
        code: 'A0701',
        field: 'welcomeMessages.1.objectId',
        reason: 'notWelcomeFileType',
        subject: 'shop.png',
        en: 'Welcome message 2: file “shop.png” is not an accepted format (PDF, DOC, DOCX, XLS, XLSX, PPT, PPTX, TXT)',
        'zh-chs': '第 2 条欢迎语的文件“shop.png”格式不受支持（仅限 PDF、DOC、DOCX、XLS、XLSX、PPT、PPTX、TXT）',
      },
    );
    await refused(
      (lang) => c.saveAccess(admin(), access({ welcomeMessages: [{ type: 'image', objectId: pdfId }] }), lang),
      {
        code: 'A0701',
        field: 'welcomeMessages.0.objectId',
        reason: 'notWelcomeImageType',
        subject: 'prices.pdf',
        en: 'Welcome message 1: file “prices.pdf” is not an accepted image format (JPG, JPEG, PNG, GIF, WEBP)',
        'zh-chs': '第 1 条欢迎语的文件“prices.pdf”图片格式不受支持（仅限 JPG、JPEG、PNG、GIF、WEBP）',
      },
    );
  });

  it('a 10.1MB file is refused when uploaded, and a stored object over 10MB when saved', async () => {
    const big = Buffer.concat([makePdf(['Big']), Buffer.alloc(TEN_MB_AND_A_BIT)]);
    expect(big.length).toBeGreaterThan(WELCOME_FILE_MAX_BYTES);
    const uploaded = await c.upload(admin(), 'attachment', cid, 'catalogue.pdf', big);
    expect(uploaded.body.code).toBe('A0702');
    const over = await c.objectRow({
      customerId: cid,
      purpose: 'attachment',
      kind: 'pdf',
      size: TEN_MB_AND_A_BIT,
      name: 'catalogue.pdf',
    });
    await refused(
      (lang) => c.saveAccess(admin(), access({ welcomeMessages: [{ type: 'file', objectId: over }] }), lang),
      {
        code: 'A0702',
        field: 'welcomeMessages.0.objectId',
        reason: 'fileOver10MB',
        subject: 'catalogue.pdf',
        en: 'Welcome message 1: file “catalogue.pdf” is larger than 10MB, the most a file may have',
        'zh-chs': '第 1 条欢迎语的文件“catalogue.pdf”超过了每个文件 10MB 的上限',
      },
    );
  });

  it('another customer’s stored object, or one not uploaded for welcome messages, is refused', async () => {
    const otherCustomer = await f.customer();
    const theirs = (await c.upload(admin(), 'attachment', otherCustomer, 'theirs.pdf', makePdf(['T']))).body.data.id;
    const knowledge = await c.objectRow({
      customerId: cid,
      purpose: 'knowledge',
      kind: 'pdf',
      size: 100,
      name: 'doc.pdf',
    });
    const sheet = await c.objectRow({
      customerId: cid,
      purpose: 'qa-import',
      kind: 'xlsx',
      size: 100,
      name: 'qa.xlsx',
    });
    for (const objectId of [theirs, knowledge, sheet, 2_000_000_000]) {
      await refused(
        (lang) => c.saveAccess(admin(), access({ welcomeMessages: [TEXT('Hi'), { type: 'file', objectId }] }), lang),
        {
          code: 'A0404',
          field: 'welcomeMessages.1.objectId',
          reason: 'notCustomerFile',
          en: 'Welcome message 2: file is not a file uploaded for this customer’s welcome messages',
          'zh-chs': '第 2 条欢迎语的文件不是为该客户的欢迎语上传的文件',
        },
      );
    }
  });

  it('names every faulty row at once; the first decides the code', async () => {
    const answer = await c.saveAccess(
      admin(),
      access({ welcomeMessages: [{ type: 'file', objectId: pngId }, TEXT('ok'), { type: 'image', objectId: pdfId }] }),
    );
    expect(answer.body.code).toBe('A0701');
    expect((answer.body.data as { fields: { field: string }[] }).fields.map((x) => x.field)).toEqual([
      'welcomeMessages.0.objectId',
      'welcomeMessages.2.objectId',
    ]);
  });

  it('another customer’s app, or a customer outside the caller’s scope, is refused; nothing saved', async () => {
    const other = await c.customerApp(await f.customer());
    await refused((lang) => c.saveAccess(admin(), access({ appId: other.app.id }), lang), {
      code: 'A0404',
      field: 'appId',
      reason: 'notCustomerApp',
      en: 'App is not one of the chosen customer’s apps',
      'zh-chs': '应用不是所选客户的应用',
    });
    expect(await c.row(other.app.id)).toBeUndefined();
    const stranger = await f.member([AI_ACCESS_PERMISSIONS.view, AI_ACCESS_PERMISSIONS.edit]);
    await refused((lang) => c.saveAccess(stranger.token, access({}), lang), {
      code: 'A0404',
      field: 'customerId',
      reason: 'outOfScope',
      en: 'Customer is not within your data scope',
      'zh-chs': '客户不在您的数据范围内',
    });
  });

  it('bad ids in the query name the field', async () => {
    for (const [query, field] of [
      ['customerId=0&appId=1', 'customerId'],
      ['customerId=1&appId=abc', 'appId'],
      ['appId=1', 'customerId'],
    ] as const) {
      const answer = await t.call('GET', `/api/v3/ai-role/getMainPromptConfig?${query}`, { token: admin() });
      expect(answer.status, query).toBe(400);
      expect((answer.body.data as { fields: { field: string }[] }).fields[0]?.field, query).toBe(field);
    }
  });
});
