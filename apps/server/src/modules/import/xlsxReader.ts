/**
 * A small, fast .xlsx reader for the import: the zip's central directory read with node:zlib, and
 * the parts the import needs (workbook, its relationships, shared strings, the date formats of the
 * styles, the worksheets) scanned with regular expressions. It reads 100,000 rows in about a second,
 * where exceljs's workbook loader takes half a minute and its streaming reader garbles a Chinese
 * character that straddles two zip chunks. Cells come back as the text the college typed: numbers
 * without exponent or float noise, dates (cells with a date format) as China wall-clock text.
 *
 * Parts are inflated as streams and scanned element by element (a row, a shared string), so neither
 * a part's bytes nor its text is ever held whole, and the event loop runs between chunks. What they
 * may inflate to is bounded twice: by the sizes the zip's directory declares, before anything is
 * inflated, and by counting while inflating (a part that inflates past its declared size is refused
 * there, so a lying directory costs no more than an honest one).
 */
import { createInflateRaw } from 'node:zlib';
import { setImmediate as yieldToLoop } from 'node:timers/promises';

export class NotAWorkbook extends Error {}
/** The workbook is larger than the import takes; the message says which bound, in Chinese. */
export class TooLarge extends Error {}

const MB = 1024 * 1024;
/**
 * What the parts the import reads may inflate to, together: a 100,000-person sheet as the bench
 * writes it (inline strings, the bulkiest form) is about 60 MB of XML.
 */
export const MAX_INFLATED_BYTES = 256 * MB;
/** One row (or shared string) of XML; Excel caps a cell at 32,767 characters. */
const MAX_ELEMENT_CHARS = 4 * MB;
export const TOO_LARGE = `文件解压后超过${MAX_INFLATED_BYTES / MB}MB，超出导入上限，请拆分为多个文件分批导入`;
const ROW_TOO_LARGE = `工作表中有一行超过${MAX_ELEMENT_CHARS / MB}MB，超出导入上限，请检查文件`;

interface Entry {
  method: number;
  compressed: number;
  /** The uncompressed size the central directory declares. */
  size: number;
  local: number;
}

/** The entries of a zip archive, by name, from its central directory (stored and deflated; no zip64, no encryption). */
function directory(bytes: Buffer): Map<string, Entry> {
  const files = new Map<string, Entry>();
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new NotAWorkbook();
  const count = bytes.readUInt16LE(eocd + 10);
  let p = bytes.readUInt32LE(eocd + 16);
  for (let n = 0; n < count; n++) {
    if (p + 46 > bytes.length || bytes.readUInt32LE(p) !== 0x02014b50) throw new NotAWorkbook();
    const nameLength = bytes.readUInt16LE(p + 28);
    files.set(bytes.toString('utf8', p + 46, p + 46 + nameLength), {
      method: bytes.readUInt16LE(p + 10),
      compressed: bytes.readUInt32LE(p + 20),
      size: bytes.readUInt32LE(p + 24),
      local: bytes.readUInt32LE(p + 42),
    });
    p += 46 + nameLength + bytes.readUInt16LE(p + 30) + bytes.readUInt16LE(p + 32);
  }
  return files;
}

/** Reads parts as text chunks, counting what they inflate to. */
class Parts {
  private readonly bytes: Buffer;
  private readonly files: Map<string, Entry>;
  /** Bytes inflated so far, over every part read. */
  private readonly count: { inflated: number };
  constructor(bytes: Buffer, files: Map<string, Entry>, count: { inflated: number }) {
    this.bytes = bytes;
    this.files = files;
    this.count = count;
  }
  has(name: string) {
    return this.files.has(name);
  }
  /** Refuses, before inflating anything, when the declared sizes of the parts to read exceed the bound. */
  checkDeclared(names: string[]) {
    let total = 0;
    for (const name of new Set(names)) total += this.files.get(name)?.size ?? 0;
    if (total > MAX_INFLATED_BYTES) throw new TooLarge(TOO_LARGE);
  }
  /** The part's text, chunk by chunk (a character split between chunks is kept whole). */
  async *text(name: string): AsyncGenerator<string> {
    const e = this.files.get(name);
    if (!e) throw new NotAWorkbook();
    if (this.bytes.readUInt32LE(e.local) !== 0x04034b50) throw new NotAWorkbook();
    const start = e.local + 30 + this.bytes.readUInt16LE(e.local + 26) + this.bytes.readUInt16LE(e.local + 28);
    const data = this.bytes.subarray(start, start + e.compressed);
    const decoder = new TextDecoder('utf-8');
    let read = 0;
    const take = (chunk: Uint8Array) => {
      read += chunk.length;
      this.count.inflated += chunk.length;
      if (read > e.size) throw new NotAWorkbook();
      if (this.count.inflated > MAX_INFLATED_BYTES) throw new TooLarge(TOO_LARGE);
      return decoder.decode(chunk, { stream: true });
    };
    if (e.method === 0) {
      for (let i = 0; i < data.length; i += 64 * 1024) {
        yield take(data.subarray(i, i + 64 * 1024));
        await yieldToLoop();
      }
    } else if (e.method === 8) {
      const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
      inflate.end(data);
      try {
        for await (const chunk of inflate) yield take(chunk as Buffer);
      } catch (err) {
        throw err instanceof TooLarge || err instanceof NotAWorkbook ? err : new NotAWorkbook();
      } finally {
        // Stops inflating at once when the reader gave up (a bound was hit, or the caller stopped).
        inflate.destroy();
      }
    } else throw new NotAWorkbook();
    yield decoder.decode();
  }
  async whole(name: string): Promise<string | null> {
    if (!this.has(name)) return null;
    let out = '';
    for await (const t of this.text(name)) out += t;
    return out;
  }
}

/**
 * Every complete element `pattern` matches in the chunks, in order, each given to `each` as soon as
 * it is whole; only the unfinished tail of the text is kept between chunks. `start` is how such an
 * element begins (a tail without one is dropped but for a few characters that may begin one).
 */
async function eachElement(chunks: AsyncIterable<string>, pattern: RegExp, start: string, each: (m: RegExpExecArray) => void) {
  let carry = '';
  for await (const chunk of chunks) {
    carry += chunk;
    pattern.lastIndex = 0;
    let end = 0;
    for (let m = pattern.exec(carry); m; m = pattern.exec(carry)) {
      each(m);
      end = pattern.lastIndex;
    }
    const open = carry.indexOf(start, end);
    carry = open >= 0 ? carry.slice(open) : carry.slice(Math.max(end, carry.length - start.length));
    if (carry.length > MAX_ELEMENT_CHARS) throw new TooLarge(ROW_TOO_LARGE);
  }
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
function unescapeXml(s: string): string {
  if (!s.includes('&') && !s.includes('_x')) return s;
  return s
    .replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (_, e: string) => (e[0] === '#' ? String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : ENTITIES[e]!))
    .replace(/_x([0-9A-Fa-f]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}
/** The text of every <t> of a string item (plain or rich text runs), phonetic runs left out. */
const textOf = (xml: string) => {
  let out = '';
  for (const m of xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t(?:\s[^>]*)?\/>/g)) out += unescapeXml(m[1] ?? '');
  return out;
};
const attrPatterns = new Map<string, RegExp>();
const attr = (attrs: string, name: string) => {
  let re = attrPatterns.get(name);
  if (!re) attrPatterns.set(name, (re = new RegExp(`(?:^|\\s)${name}="([^"]*)"`)));
  return re.exec(attrs)?.[1];
};

const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);
/** Which cell styles (by index) show a date: built-in date formats, and custom ones with y, m, d or h outside quotes. */
function dateStyles(stylesXml: string | null): Set<number> {
  const out = new Set<number>();
  if (!stylesXml) return out;
  const custom = new Map<number, string>();
  for (const m of stylesXml.matchAll(/<numFmt\b([^>]*)\/?>/g)) custom.set(Number(attr(m[1]!, 'numFmtId')), unescapeXml(attr(m[1]!, 'formatCode') ?? ''));
  const xfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(stylesXml)?.[1] ?? '';
  let i = 0;
  for (const m of xfs.matchAll(/<xf\b([^>]*?)(?:\/>|>)/g)) {
    const id = Number(attr(m[1]!, 'numFmtId') ?? 0);
    const code = custom.get(id);
    if (BUILTIN_DATE_FORMATS.has(id) || (code !== undefined && /[ymdh]/i.test(code.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '')))) out.add(i);
    i++;
  }
  return out;
}

/** An Excel serial day number as wall-clock text: 2026-03-01, or 2026-03-01 09:30 when it has a time. */
function serialDate(serial: number): string {
  const d = new Date(Math.round((serial - 25569) * 86_400_000 / 60_000) * 60_000);
  return d.toISOString().slice(0, 16).replace('T', ' ').replace(/ 00:00$/, '');
}
/** A number as typed: integers in full (no exponent), others without float noise. */
function numberText(v: string): string {
  const n = Number(v);
  if (!Number.isFinite(n)) return v;
  if (Number.isInteger(n)) return Math.abs(n) < 1e21 ? BigInt(n).toString() : v;
  return String(Number(n.toPrecision(15)));
}
const colIndex = (ref: string) => {
  let n = 0;
  for (const ch of ref) {
    const c = ch.charCodeAt(0);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
};

/**
 * A copy of a string cut from a chunk's text that does not keep that text alive: V8 makes a longer
 * substring a view of its parent, so one unit name kept per row would keep every chunk of the sheet
 * (the sheet's whole text, about 110 MB for 100,000 people). Concatenating flattens into a new string.
 */
const own = (s: string) => (' ' + s).slice(1);

/** A row as read: its Excel number and its cells' text by column (0-based). */
export type RawRow = { row: number; values: string[] };

/**
 * Reads the sheets named in `wanted`, in workbook order: `to.sheet` at each sheet's start, then
 * `to.row` with each of its rows as it is read.
 * Throws NotAWorkbook for anything else than an .xlsx, TooLarge (with its Chinese message) past a bound.
 * `count.inflated` counts the bytes inflated, over every part read, as it goes.
 */
export async function readXlsx(bytes: Buffer, wanted: string[], to: { sheet: (name: string) => void; row: (row: RawRow) => void }, count = { inflated: 0 }): Promise<void> {
  let parts: Parts;
  try {
    parts = new Parts(bytes, directory(bytes), count);
  } catch {
    throw new NotAWorkbook();
  }
  if (!parts.has('xl/workbook.xml') || !parts.has('xl/_rels/workbook.xml.rels')) throw new NotAWorkbook();
  // The small parts first, bounded like the rest: they name the sheets to read.
  parts.checkDeclared(['xl/workbook.xml', 'xl/_rels/workbook.xml.rels']);
  const workbook = (await parts.whole('xl/workbook.xml'))!;
  const rels = (await parts.whole('xl/_rels/workbook.xml.rels'))!;
  const targets = new Map<string, string>();
  for (const m of rels.matchAll(/<Relationship\b([^>]*?)\/?>/g)) {
    const id = attr(m[1]!, 'Id');
    const target = attr(m[1]!, 'Target');
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  const sheets: { name: string; part: string }[] = [];
  for (const m of workbook.matchAll(/<sheet\b([^>]*?)\/?>/g)) {
    const name = unescapeXml(attr(m[1]!, 'name') ?? '');
    if (!wanted.includes(name)) continue;
    const target = targets.get(attr(m[1]!, 'r:id') ?? '');
    const part = target?.replace(/^xl\/\.\.\//, '');
    if (!part || !parts.has(part)) throw new NotAWorkbook();
    sheets.push({ name, part });
  }
  // Every part this workbook needs, refused before any is inflated when their declared sizes are too much.
  parts.checkDeclared(['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/styles.xml', ...sheets.map((s) => s.part)]);

  const shared: string[] = [];
  if (parts.has('xl/sharedStrings.xml')) await eachElement(parts.text('xl/sharedStrings.xml'), /<si\b[^>]*>([\s\S]*?)<\/si>|<si\b[^>]*\/>/g, '<si', (m) => shared.push(own(textOf(m[1] ?? ''))));
  const dates = dateStyles(await parts.whole('xl/styles.xml'));

  for (const { name, part } of sheets) {
    to.sheet(name);
    let rowNo = 0;
    await eachElement(parts.text(part), /<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g, '<row', (r) => {
      rowNo = Number(attr(r[1]!, 'r') ?? rowNo + 1);
      const values: string[] = [];
      let col = -1;
      for (const c of (r[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
        const a = c[1]!;
        const ref = attr(a, 'r');
        col = ref ? colIndex(ref) : col + 1;
        const body = c[2] ?? '';
        const type = attr(a, 't') ?? 'n';
        const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
        let value = '';
        if (type === 's') value = v === undefined ? '' : (shared[Number(v)] ?? '');
        else if (type === 'inlineStr') value = textOf(/<is>([\s\S]*?)<\/is>/.exec(body)?.[1] ?? '');
        else if (type === 'str') value = unescapeXml(v ?? '');
        else if (type === 'b') value = v === '1' ? '是' : v === '0' ? '否' : '';
        else if (type === 'e') value = '';
        else if (v !== undefined) value = dates.has(Number(attr(a, 's') ?? 0)) ? serialDate(Number(v)) : numberText(v);
        values[col] = own(value.trim());
      }
      for (let i = 0; i < values.length; i++) values[i] ??= '';
      to.row({ row: rowNo, values });
    });
  }
}
