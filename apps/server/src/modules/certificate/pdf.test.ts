import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { certificatePdfChunks, renderCertificatePdf, type CertificatePage } from './pdf.ts';

const config = loadConfig({ NODE_ENV: 'test' });
const look = { fontFile: config.CERTIFICATE_FONT, sealFile: config.CERTIFICATE_SEAL };
const page = (i: number): CertificatePage => ({
  collegeName: '省委党校（行政学院）',
  personName: `学员${'甲乙丙丁戊己庚辛壬癸'[i % 10]}${i}`,
  organName: '省直机关工委',
  installTitle: '2026年度干部网络专题培训',
  hours: 20,
  issuedDate: '2026-03-05',
  certNo: `ZS2026${String(i).padStart(6, '0')}`,
  verifyCode: 'K7MQ2P',
  verifyUrl: `https://edu.example.cn/certificate?no=ZS2026${String(i).padStart(6, '0')}&p=x.y`,
});

/** Every entry of the cross-reference table points at its object, and startxref at the table. */
function checkCrossReferences(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  expect(text.startsWith('xref\n', start)).toBe(true);
  const lines = text.slice(start).split('\n');
  const count = Number(lines[1]!.split(' ')[1]);
  for (let n = 1; n < count; n++) {
    const entry = lines[2 + n]!;
    expect(`${entry}\n`).toHaveLength(20);
    expect(text.startsWith(`${n} 0 obj\n`, Number(entry.slice(0, 10)))).toBe(true);
  }
}

describe('the certificate PDF writer', () => {
  it('writes a document page by page: a chunk per page, then the shared objects; every object where the table says', async () => {
    const chunks: Uint8Array[] = [];
    for await (const chunk of certificatePdfChunks([page(1), page(2), page(3)], look, '测试班 结业证书', '省委党校')) chunks.push(chunk);
    expect(chunks).toHaveLength(4);
    const pdf = Buffer.concat(chunks);
    expect(pdf.subarray(0, 9).toString('latin1')).toBe('%PDF-1.7\n');
    checkCrossReferences(pdf);
    const text = pdf.toString('latin1');
    // The font, its file and the seal are embedded once, whatever the number of pages.
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(3);
    expect(text.match(/\/FontFile2/g)).toHaveLength(1);
    expect(text.match(/\/Subtype \/Image/g)).toHaveLength(2); // the seal's colours and its transparency
  });

  it('one certificate: one page whose text reads back, the full name included', async () => {
    const pdf = Buffer.from(await renderCertificatePdf(page(7), look));
    checkCrossReferences(pdf);
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf) }).promise;
    expect(doc.numPages).toBe(1);
    expect((await doc.getMetadata()).info).toMatchObject({ Title: '结业证书 ZS2026000007', Author: '省委党校（行政学院）' });
    const content = await (await doc.getPage(1)).getTextContent();
    const text = content.items.map((x) => ('str' in x ? x.str : '')).join('');
    for (const s of ['省委党校（行政学院）', '结 业 证 书', '学员辛7同志（省直机关工委）', '2026年3月5日', '2026年度干部网络专题培训', '20学时', 'ZS2026000007', 'K7MQ2P']) expect(text).toContain(s);
  });
});
