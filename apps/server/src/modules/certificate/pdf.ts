/**
 * A certificate as one A4 landscape PDF page: the college's name, the holder, the training, the
 * hours, the date, the number and verification code, and the QR code of its verification address.
 * Chinese text is set in WenQuanYi Micro Hei, embedded as a subset of the glyphs the document uses;
 * the college's seal (CERTIFICATE_SEAL) is stamped over its name and the date. A class's certificates
 * are one document of such pages, the font and the seal embedded once.
 *
 * Runs in the worker pool (workerTasks.ts), not on the request thread. A document is written page
 * by page: each page's content stream and page object go out as soon as the page is drawn and are
 * then forgotten; what the pages share (the font subset of every glyph they used, the seal, the page
 * tree) follows the last page, which PDF allows (the cross-reference table at the end says where each
 * object is). So the first bytes of a class's file leave before its last page is drawn, and memory
 * does not grow with the class. The font collection (5 MB) is parsed once per worker, and the seal
 * decoded and compressed once: a document pays only for its own pages and its subset. pdf-lib
 * supplies the font subset and its dictionaries (as its drawText would embed them) and the decoded
 * seal; the pages' drawing operators are written here.
 */
import { readFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import fontkit, { type Font } from '@pdf-lib/fontkit';
import { CustomFontSubsetEmbedder, PDFContext, PDFHexString, PDFName, PDFRawStream, PDFRef, PDFString, PngEmbedder, type PDFObject } from 'pdf-lib';
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

/** What every page of a document shares: the font file and the seal's picture (a PNG file, or none). */
export interface CertificateLook {
  fontFile: string;
  sealFile: string | null;
}

/** The font file is a collection (regular and mono): the face is chosen by its PostScript name. */
const FACE = 'WenQuanYiMicroHei';
const [W, H] = [841.89, 595.28];
const RED = '0.66 0.09 0.09';
const INK = '0.12 0.12 0.12';

/** A number as PDF operands write it: at most three decimals, no exponent. */
const n = (x: number) => String(Math.round(x * 1000) / 1000);

interface Face {
  font: Font;
  /** Advance widths per character, in thousandths of the font size. */
  widths: Map<string, number>;
}
interface Seal {
  image: PDFRawStream;
  smask: PDFRawStream | null;
}

const faces = new Map<string, Promise<Face>>();
const seals = new Map<string, Promise<Seal>>();
/** Once per process (worker) and file; a failure is not kept, so a file put right is read again. */
function once<T>(cache: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let p = cache.get(key);
  if (!p) {
    p = make();
    p.catch(() => cache.delete(key));
    cache.set(key, p);
  }
  return p;
}
const faceOf = (file: string) => once(faces, file, async () => ({ font: fontkit.create(await readFile(file), FACE), widths: new Map() }));
const rawStream = (ctx: PDFContext, ref: PDFRef) => {
  const o = ctx.lookup(ref);
  if (!(o instanceof PDFRawStream)) throw new Error('the seal was not embedded as an image stream');
  return o;
};
/** The seal as pdf-lib embeds a PNG (colour and alpha channels, each compressed), kept to be copied into every document. */
const sealOf = (file: string) =>
  once(seals, file, async () => {
    const scratch = PDFContext.create();
    const image = rawStream(scratch, await (await PngEmbedder.for(await readFile(file))).embedIntoContext(scratch));
    const mask = image.dict.get(PDFName.of('SMask'));
    return { image, smask: mask instanceof PDFRef ? rawStream(scratch, mask) : null };
  });

/** Text measured and encoded in the document's font subset. */
interface Typesetter {
  /** The text as glyph ids of the subset, a PDF hex string. */
  encode(text: string): string;
  width(text: string, size: number): number;
}

/** The bytes of a document as they are produced, with each object's offset for the cross-reference table. */
class Output {
  private parts: Buffer[] = [];
  private length = 0;
  private offset = 0;
  readonly offsets: number[] = [];
  /** Where the next byte goes in the file. */
  get position() {
    return this.offset + this.length;
  }
  write(b: Buffer | string) {
    const buf = typeof b === 'string' ? Buffer.from(b, 'latin1') : b;
    this.parts.push(buf);
    this.length += buf.length;
  }
  object(ref: PDFRef, body: Buffer | string) {
    this.offsets[ref.objectNumber] = this.position;
    this.write(`${ref.objectNumber} 0 obj\n`);
    this.write(body);
    this.write('\nendobj\n');
  }
  stream(ref: PDFRef, contents: string) {
    const deflated = deflateSync(Buffer.from(contents, 'latin1'));
    this.object(ref, Buffer.concat([Buffer.from(`<< /Length ${deflated.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'), deflated, Buffer.from('\nendstream', 'latin1')]));
  }
  /** What was written since the last take, as one chunk. */
  take(): Uint8Array {
    const chunk = Buffer.concat(this.parts, this.length);
    this.offset += this.length;
    this.parts = [];
    this.length = 0;
    return chunk;
  }
}

const bytesOf = (o: PDFObject) => {
  const buf = Buffer.alloc(o.sizeInBytes());
  o.copyBytesInto(buf, 0);
  return buf;
};

/**
 * A document of certificates, one page each, as chunks: the first page's with the file's header,
 * then one per page, then the shared objects and the cross-reference table.
 */
export async function* certificatePdfChunks(pages: Iterable<CertificatePage>, look: CertificateLook, title: string, author: string): AsyncGenerator<Uint8Array> {
  const [face, seal] = await Promise.all([faceOf(look.fontFile), look.sealFile ? sealOf(look.sealFile) : null]);
  // The context numbers every object, and keeps only those written after the last page.
  const ctx = PDFContext.create();
  const embedder = await CustomFontSubsetEmbedder.for({ create: () => face.font }, new Uint8Array(0));
  const fontRef = ctx.nextRef();
  const resourcesRef = ctx.nextRef();
  const pagesRef = ctx.nextRef();
  const type: Typesetter = {
    encode: (text) => embedder.encodeText(text).toString(),
    width(text, size) {
      let w = 0;
      for (const ch of text) {
        let a = face.widths.get(ch);
        if (a === undefined) {
          a = embedder.widthOfTextAtSize(ch, 1000);
          face.widths.set(ch, a);
        }
        w += a;
      }
      return (w * size) / 1000;
    },
  };

  const out = new Output();
  // A binary comment after the version tells transfer programs the file is binary.
  out.write(Buffer.from([...Buffer.from('%PDF-1.7\n%', 'latin1'), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]));
  const kids: PDFRef[] = [];
  for (const c of pages) {
    const content = ctx.nextRef();
    const page = ctx.nextRef();
    out.stream(content, drawCertificate(type, seal !== null, c));
    out.object(page, `<< /Type /Page /Parent ${pagesRef} /MediaBox [0 0 ${W} ${H}] /Resources ${resourcesRef} /Contents ${content} >>`);
    kids.push(page);
    yield out.take();
  }

  await embedder.embedIntoContext(ctx, fontRef);
  let stamp = {};
  if (seal) {
    const image = seal.image.dict.clone(ctx);
    if (seal.smask) image.set(PDFName.of('SMask'), ctx.register(PDFRawStream.of(seal.smask.dict.clone(ctx), seal.smask.getContents())));
    stamp = { XObject: { Im0: ctx.register(PDFRawStream.of(image, seal.image.getContents())) }, ExtGState: { GS0: { Type: 'ExtGState', ca: 0.9 } } };
  }
  ctx.assign(resourcesRef, ctx.obj({ Font: { F0: fontRef }, ...stamp }));
  ctx.assign(pagesRef, ctx.obj({ Type: 'Pages', Kids: kids, Count: kids.length }));
  const catalog = ctx.register(ctx.obj({ Type: 'Catalog', Pages: pagesRef }));
  const info = ctx.register(ctx.obj({ Title: PDFHexString.fromText(title), Author: PDFHexString.fromText(author), CreationDate: PDFString.fromDate(new Date()) }));
  for (const [ref, o] of ctx.enumerateIndirectObjects()) out.object(ref, bytesOf(o));

  const size = ctx.largestObjectNumber + 1;
  const xrefAt = out.position;
  // Entries of exactly 20 bytes (the format's rule): offset, generation, in use, space and newline.
  const entries = ['xref', `0 ${size}`, '0000000000 65535 f '];
  for (let i = 1; i < size; i++) entries.push(`${String(out.offsets[i]).padStart(10, '0')} 00000 n `);
  out.write(`${entries.join('\n')}\ntrailer\n<< /Size ${size} /Root ${catalog} /Info ${info} >>\nstartxref\n${xrefAt}\n%%EOF\n`);
  yield out.take();
}

/** One certificate as a one-page document. */
export async function renderCertificatePdf(c: CertificatePage, look: CertificateLook): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of certificatePdfChunks([c], look, `结业证书 ${c.certNo}`, c.collegeName)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Lines no wider than `width`, broken between characters (Chinese text has no spaces). */
function wrap(type: Typesetter, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const ch of text) {
    const w = type.width(ch, size);
    if (line && lineWidth + w > width) {
      lines.push(line);
      line = '';
      lineWidth = 0;
    }
    line += ch;
    lineWidth += w;
  }
  if (line) lines.push(line);
  return lines;
}

/** The page's drawing operators: font F0, and (with a seal) image Im0 at the opacity of GS0. */
function drawCertificate(type: Typesetter, withSeal: boolean, c: CertificatePage): string {
  const ops: string[] = [];
  const text = (s: string, x: number, y: number, size: number, color = INK) => ops.push(`BT /F0 ${size} Tf ${color} rg 1 0 0 1 ${n(x)} ${n(y)} Tm ${type.encode(s)} Tj ET`);
  const centred = (s: string, y: number, size: number, color = INK) => text(s, (W - type.width(s, size)) / 2, y, size, color);
  const frame = (inset: number, lineWidth: number) => ops.push(`${RED} RG ${lineWidth} w ${inset} ${inset} ${n(W - 2 * inset)} ${n(H - 2 * inset)} re S`);

  frame(24, 4);
  frame(34, 1);
  centred(c.collegeName, H - 100, 20, RED);
  centred('结 业 证 书', H - 165, 44, RED);

  const dated = `${c.issuedDate.slice(0, 4)}年${Number(c.issuedDate.slice(5, 7))}月${Number(c.issuedDate.slice(8, 10))}日`;
  const left = 110;
  const size = 20;
  text(`${c.personName}同志${c.organName ? `（${c.organName}）` : ''}：`, left, H - 240, size);
  const body = `于${dated}完成“${c.installTitle}”的学习，累计获得${c.hours}学时，经考核合格，准予结业。`;
  let y = H - 285;
  // A paragraph opens with two ideographic spaces, as Chinese documents are set.
  for (const line of wrap(type, `\u3000\u3000${body}`, size, W - 2 * left)) {
    text(line, left, y, size);
    y -= size * 1.8;
  }

  const nameWidth = type.width(c.collegeName, 16);
  text(c.collegeName, W - 110 - nameWidth, 210, 16);
  text(dated, W - 110 - type.width(dated, 16), 184, 16);
  // The seal is stamped over the college's name and the date, as on a paper certificate.
  if (withSeal) {
    const d = 128;
    const cx = W - 110 - Math.min(nameWidth, 200) / 2;
    ops.push(`q /GS0 gs ${d} 0 0 ${d} ${n(cx - d / 2)} ${n(200 - d / 2)} cm /Im0 Do Q`);
  }

  // The QR code at the lower left, the number and verification code beside it: the seal on the
  // right never covers the code.
  const side = 110;
  const beside = left + side + 16;
  text(`证书编号：${c.certNo}`, beside, 134, 12);
  text(`验证码：${c.verifyCode}`, beside, 112, 12);
  text('扫描二维码或登录本院网站“证书查询”核验', beside, 90, 10);

  // The QR code drawn as vector squares (each row's runs of dark modules as one rectangle, filled
  // together): sharp at any print size, no image to embed. The address is encoded as bytes, which
  // its lower-case letters need anyway: the same symbol size, without qrcode's search for the
  // cheapest mix of modes (two thirds of its time).
  const qr = QRCode.create([{ data: Buffer.from(c.verifyUrl), mode: 'byte' }], { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const cell = side / count;
  const qx = left;
  const qy = 50;
  ops.push('0 0 0 rg');
  for (let r = 0; r < count; r++) {
    for (let col = 0; col < count; ) {
      if (!qr.modules.get(r, col)) {
        col++;
        continue;
      }
      const from = col;
      while (col < count && qr.modules.get(r, col)) col++;
      ops.push(`${n(qx + from * cell)} ${n(qy + (count - 1 - r) * cell)} ${n((col - from) * cell)} ${n(cell)} re`);
    }
  }
  ops.push('f');
  return ops.join('\n');
}
