/**
 * A certificate as one A4 landscape PDF page: the college's name, the holder, the training, the
 * hours, the date, the number and verification code, and the QR code of its verification address.
 * Chinese text is set in WenQuanYi Micro Hei, embedded as a subset of the glyphs the page uses; the
 * college's seal (CERTIFICATE_SEAL) is stamped over its name and the date. A class's certificates are
 * one document of such pages, the font and the seal embedded once.
 */
import { readFile } from 'node:fs/promises';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';

export interface CertificatePage {
  collegeName: string;
  personName: string;
  organName: string;
  installTitle: string;
  hours: number;
  /** YYYY-MM-DD in the college's calendar. */
  issuedDate: string;
  certNo: string;
  verifyCode: string;
  verifyUrl: string;
}

/** The font file is a collection (regular and mono): the face is chosen by its PostScript name. */
const FACE = 'WenQuanYiMicroHei';
const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
const RED = rgb(0.66, 0.09, 0.09);
const INK = rgb(0.12, 0.12, 0.12);

const files = new Map<string, Promise<Buffer>>();
/** Read once per process: the font collection is several megabytes and every certificate needs it (and the seal). */
const fileBytes = (file: string) => {
  let p = files.get(file);
  if (!p) {
    p = readFile(file);
    p.catch(() => files.delete(file));
    files.set(file, p);
  }
  return p;
};

function centred(page: PDFPage, font: PDFFont, text: string, y: number, size: number, color = INK) {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (page.getWidth() - width) / 2, y, size, font, color });
}

/** Lines no wider than `width`, broken between characters (Chinese text has no spaces). */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const ch of text) {
    if (line && font.widthOfTextAtSize(line + ch, size) > width) {
      lines.push(line);
      line = '';
    }
    line += ch;
  }
  if (line) lines.push(line);
  return lines;
}

/** What every page of a document shares: the college, the font file and the seal's picture (a PNG file, or none). */
export interface CertificateLook {
  fontFile: string;
  sealFile: string | null;
}

/** A document of certificates, one A4 landscape page each, with the font and the seal embedded once. */
export async function renderCertificatesPdf(pages: CertificatePage[], look: CertificateLook, title: string, author: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit({ create: (bytes: Uint8Array) => fontkit.create(bytes, FACE) });
  doc.setTitle(title);
  doc.setAuthor(author);
  const font = await doc.embedFont(await fileBytes(look.fontFile), { subset: true });
  const seal = look.sealFile ? await doc.embedPng(await fileBytes(look.sealFile)) : null;
  for (const c of pages) drawCertificate(doc.addPage(A4_LANDSCAPE), font, seal, c);
  return doc.save();
}

export const renderCertificatePdf = (c: CertificatePage, look: CertificateLook) => renderCertificatesPdf([c], look, `结业证书 ${c.certNo}`, c.collegeName);

function drawCertificate(page: PDFPage, font: PDFFont, seal: PDFImage | null, c: CertificatePage) {
  const [w, h] = A4_LANDSCAPE;

  page.drawRectangle({ x: 24, y: 24, width: w - 48, height: h - 48, borderColor: RED, borderWidth: 4 });
  page.drawRectangle({ x: 34, y: 34, width: w - 68, height: h - 68, borderColor: RED, borderWidth: 1 });
  centred(page, font, c.collegeName, h - 100, 20, RED);
  centred(page, font, '结 业 证 书', h - 165, 44, RED);

  const dated = `${c.issuedDate.slice(0, 4)}年${Number(c.issuedDate.slice(5, 7))}月${Number(c.issuedDate.slice(8, 10))}日`;
  const left = 110;
  const size = 20;
  page.drawText(`${c.personName}同志${c.organName ? `（${c.organName}）` : ''}：`, { x: left, y: h - 240, size, font, color: INK });
  const body = `于${dated}完成“${c.installTitle}”的学习，累计获得${c.hours}学时，经考核合格，准予结业。`;
  let y = h - 285;
  // A paragraph opens with two ideographic spaces, as Chinese documents are set.
  for (const line of wrap(font, `\u3000\u3000${body}`, size, w - 2 * left)) {
    page.drawText(line, { x: left, y, size, font, color: INK });
    y -= size * 1.8;
  }

  const nameWidth = font.widthOfTextAtSize(c.collegeName, 16);
  page.drawText(c.collegeName, { x: w - 110 - nameWidth, y: 210, size: 16, font, color: INK });
  page.drawText(dated, { x: w - 110 - font.widthOfTextAtSize(dated, 16), y: 184, size: 16, font, color: INK });
  // The seal is stamped over the college's name and the date, as on a paper certificate.
  if (seal) {
    const d = 128;
    const cx = w - 110 - Math.min(nameWidth, 200) / 2;
    page.drawImage(seal, { x: cx - d / 2, y: 200 - d / 2, width: d, height: d, opacity: 0.9 });
  }

  // The QR code at the lower left, the number and verification code beside it: the seal on the
  // right never covers the code.
  const side = 110;
  const text = left + side + 16;
  page.drawText(`证书编号：${c.certNo}`, { x: text, y: 134, size: 12, font, color: INK });
  page.drawText(`验证码：${c.verifyCode}`, { x: text, y: 112, size: 12, font, color: INK });
  page.drawText('扫描二维码或登录本院网站“证书查询”核验', { x: text, y: 90, size: 10, font, color: INK });

  // The QR code drawn as vector squares: sharp at any print size, no image to embed.
  const qr = QRCode.create(c.verifyUrl, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = side / n;
  const qx = left;
  const qy = 50;
  for (let r = 0; r < n; r++) {
    for (let col = 0; col < n; col++) {
      if (qr.modules.get(r, col)) page.drawRectangle({ x: qx + col * cell, y: qy + (n - 1 - r) * cell, width: cell, height: cell, color: rgb(0, 0, 0) });
    }
  }
}
