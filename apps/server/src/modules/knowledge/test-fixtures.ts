/**
 * Test-only builders of real files (PDF, DOCX, XLSX, multipart bodies) and scoped users, shared by
 * the knowledge, QA and object-storage tests. Nothing here is imported by the server.
 */

import { inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import type { TestApp } from '../../../test/test-app';
import { customers, menus, roleMenus, roles, userRoles, users } from '../../db/schema';
import { hashPassword } from '../../lib/password';

/** A one-page PDF with real text (Helvetica, one line per entry), written by hand with a correct xref. */
export function makePdf(lines: string[]): Buffer {
  const escapePdf = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  // 45 lines a page, as a real document has: text below a page's edge is not text of the page.
  const pages: string[] = [];
  for (let i = 0; i < Math.max(lines.length, 1); i += LINES_PER_PAGE) {
    const body = lines
      .slice(i, i + LINES_PER_PAGE)
      .map((l) => `(${escapePdf(l)}) Tj T*`)
      .join('\n');
    pages.push(`BT /F1 12 Tf 16 TL 50 780 Td\n${body}\nET`);
  }
  return pdfWith(pages, true);
}

const LINES_PER_PAGE = 45;

/** A "scanned" PDF: a page with only a filled rectangle (an image stand-in), no text layer. */
export function makeScannedPdf(): Buffer {
  return pdfWith(['0.5 0.5 0.5 rg 50 50 400 600 re f'], false);
}

function pdfWith(pageContents: string[], withFont: boolean): Buffer {
  // Objects: 1 catalog, 2 pages, 3 font, then a page and its content stream per page.
  const pageIds = pageContents.map((_, i) => 4 + i * 2);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  pageContents.forEach((content, i) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 842] /Contents ${5 + i * 2} 0 R${withFont ? ' /Resources << /Font << /F1 3 0 R >> >>' : ''} >>`,
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    );
  });
  const parts = ['%PDF-1.4\n'];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(length);
    const part = `${i + 1} 0 obj\n${o}\nendobj\n`;
    parts.push(part);
    length += Buffer.byteLength(part, 'latin1');
  });
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) tail += `${String(off).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(tail);
  return Buffer.from(parts.join(''), 'latin1');
}

const xmlEscape = (s: string) => s.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c] ?? c);

/** A minimal valid DOCX (WordprocessingML in a ZIP) with one paragraph per entry. */
export function makeDocx(paragraphs: string[]): Buffer {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${xmlEscape(p)}</w:t></w:r></w:p>`).join('');
  return docxWithDocumentXml(
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
}

/** A DOCX package around a given word/document.xml (which may be anything, broken included). */
export function docxWithDocumentXml(documentXml: string): Buffer {
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      '_rels/.rels': strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      'word/document.xml': strToU8(documentXml),
    }),
  );
}

/**
 * A hostile DOCX that is not a zip bomb: `paragraphs` tiny paragraphs of three elements each
 * (34 bytes of XML apiece, so 880,000 make 30 MB in a 250 KB file) plus one paragraph of random
 * text sized so that the part compresses at less than `ratio`:1, under the upload's limit of
 * 200:1. The upload accepts it; a parser that builds a tree of the whole part pays for every element.
 */
export function makeDenseDocx(paragraphs: number, ratio = 190): Buffer {
  const tiny = '<w:p><w:r><w:t>x</w:t></w:r></w:p>'.repeat(paragraphs);
  // Random base64 compresses to about 3/4 of its length; the tiny paragraphs to almost nothing.
  const padding = randomText(Math.ceil(tiny.length / ratio / 0.75));
  return docxWithDocumentXml(
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${padding}</w:t></w:r></w:p>${tiny}</w:body></w:document>`,
  );
}

/** Deterministic pseudo-random base64 text (xorshift), so a hostile fixture is the same every run. */
function randomText(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let x = 0x9e3779b9;
  const out: string[] = [];
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out.push(alphabet[(x >>> 0) % 64] ?? 'A');
  }
  return out.join('');
}

/** A ZIP named like a DOCX whose one entry inflates from a few KB to `megabytes` MB of zeros. */
export function makeZipBombDocx(megabytes = 8): Buffer {
  return Buffer.from(zipSync({ 'word/document.xml': new Uint8Array(megabytes * 1024 * 1024) }, { level: 9 }));
}

/**
 * A bomb that lies: the directory claims the entry is small, but it inflates to `megabytes` MB.
 * Parsers that trust the headers would expand it in full.
 */
export function makeLyingZipBombDocx(megabytes = 8): Buffer {
  const zip = Buffer.from(zipSync({ 'word/document.xml': new Uint8Array(megabytes * 1024 * 1024) }, { level: 9 }));
  const claimed = 4096;
  // Rewrite the uncompressed size in the local header (offset 22) and in the central directory entry.
  zip.writeUInt32LE(claimed, 22);
  const central = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  zip.writeUInt32LE(claimed, central + 24);
  return zip;
}

export type XlsxCell = string | number | { formula: string };

/** A real XLSX workbook from rows (the first row is whatever the caller puts there). */
export async function makeXlsx(rows: XlsxCell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('Sheet1');
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export type Part = { name: string; value: string } | { name: string; filename: string; data: Buffer; type?: string };

/** A multipart/form-data body, built byte by byte as a browser would send it. */
export function multipartBody(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----agentconsole${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in p) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(p.data, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface UploadAnswer<T = unknown> {
  status: number;
  body: { code: string; message: string; data: T };
}

/** POSTs a multipart body through the app (inject), with the caller's token and extra headers. */
export async function postMultipart<T = unknown>(
  t: TestApp,
  url: string,
  token: string,
  parts: Part[],
  headers: Record<string, string> = {},
): Promise<UploadAnswer<T>> {
  const { payload, contentType } = multipartBody(parts);
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${token}`, 'accept-language': 'en', ...headers },
  });
  return { status: res.statusCode, body: res.json() };
}

/** Uploads a knowledge document and registers it; answers the new document. */
export async function uploadDocument(t: TestApp, token: string, filename: string, data: Buffer) {
  const up = await postMultipart<{ id: number }>(
    t,
    '/api/v3/oss/file/upload',
    token,
    [{ name: 'file', filename, data }],
    {
      'x-file-purpose': 'knowledge',
    },
  );
  if (up.body.code !== '00000') return up;
  return t.call<{ id: number; miningStatus: number }>('POST', '/api/v3/knowledge/save', {
    token,
    body: { objectId: up.body.data.id },
  });
}

/** Polls a document until it leaves "processing" (jobs poll every 0.5 s). */
export async function waitForDocument(t: TestApp, token: string, id: number, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.call<{
      processStatus: string;
      miningStatus: number;
      fragmentCount: number;
      qaCount: number;
      abnormalReason: string | null;
    }>('GET', `/api/v3/knowledge/info/${id}`, { token });
    if (res.body.data?.processStatus === 'completed' || Date.now() > until) return res.body.data;
    await new Promise((r) => setTimeout(r, 200));
  }
}

let counter = 0;
export interface ScopedUser {
  token: string;
  userId: number;
  customerId: number;
}

/** A user in a new customer whose only role has data scope 3 (own customer) and these permissions. */
export async function createCustomerUser(t: TestApp, permissions: string[]): Promise<ScopedUser> {
  const { db } = t.database;
  const suffix = `${Date.now().toString(36)}k${++counter}`;
  const [root] = await db.select().from(customers).limit(1);
  if (!root) throw new Error('no root customer');
  const [customer] = await db
    .insert(customers)
    .values({ name: `Customer ${suffix}`, parentId: root.id, ancestors: [root.id] })
    .returning();
  const [role] = await db
    .insert(roles)
    .values({ name: `Role ${suffix}`, key: `role_${suffix}`, dataScope: 3 })
    .returning();
  if (!customer || !role) throw new Error('fixture insert failed');
  if (permissions.length) {
    const rows = await db.select({ id: menus.id }).from(menus).where(inArray(menus.permission, permissions));
    if (rows.length) await db.insert(roleMenus).values(rows.map((m) => ({ roleId: role.id, menuId: m.id })));
  }
  const password = 'fixture-password-1';
  const [user] = await db
    .insert(users)
    .values({
      customerId: customer.id,
      username: `k_${suffix}`,
      nickName: `K ${suffix}`,
      passwordHash: await hashPassword(password),
    })
    .returning();
  if (!user) throw new Error('fixture user insert failed');
  await db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  return { token: await t.login(user.username, password), userId: user.id, customerId: customer.id };
}
