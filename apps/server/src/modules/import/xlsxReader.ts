/**
 * A small, fast .xlsx reader for the import: the zip's central directory read with node:zlib, and
 * the parts the import needs (workbook, its relationships, shared strings, the date formats of the
 * styles, the worksheets) scanned with regular expressions. It reads 100,000 rows in about a second,
 * where exceljs's workbook loader takes half a minute and its streaming reader garbles a Chinese
 * character that straddles two zip chunks. Cells come back as the text the college typed: numbers
 * without exponent or float noise, dates (cells with a date format) as China wall-clock text.
 */
import { inflateRawSync } from 'node:zlib';

export class NotAWorkbook extends Error {}

/** The largest part of a workbook inflated (100,000 people's sheet is about 40 MB of XML). */
const MAX_PART_BYTES = 512 * 1024 * 1024;

/** The files of a zip archive, by name (stored and deflated entries; no zip64, no encryption). */
function unzip(bytes: Buffer): Map<string, () => Buffer> {
  const files = new Map<string, () => Buffer>();
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
    const method = bytes.readUInt16LE(p + 10);
    const size = bytes.readUInt32LE(p + 20);
    const nameLength = bytes.readUInt16LE(p + 28);
    const extraLength = bytes.readUInt16LE(p + 30);
    const commentLength = bytes.readUInt16LE(p + 32);
    const local = bytes.readUInt32LE(p + 42);
    const name = bytes.toString('utf8', p + 46, p + 46 + nameLength);
    p += 46 + nameLength + extraLength + commentLength;
    files.set(name, () => {
      if (bytes.readUInt32LE(local) !== 0x04034b50) throw new NotAWorkbook();
      const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
      const data = bytes.subarray(start, start + size);
      if (method === 0) return data;
      if (method === 8) {
        // Bounded, so a crafted archive (a small part that inflates to gigabytes) cannot exhaust memory.
        try {
          return inflateRawSync(data, { maxOutputLength: MAX_PART_BYTES });
        } catch {
          throw new NotAWorkbook();
        }
      }
      throw new NotAWorkbook();
    });
  }
  return files;
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

export interface RawSheet {
  name: string;
  /** Rows in order: their Excel number and their cells' text by column (0-based). */
  rows: { row: number; values: string[] }[];
}

/** The sheets named in `wanted`, in workbook order. Throws NotAWorkbook for anything else than an .xlsx. */
export function readXlsx(bytes: Buffer, wanted: string[]): RawSheet[] {
  let files: Map<string, () => Buffer>;
  try {
    files = unzip(bytes);
  } catch {
    throw new NotAWorkbook();
  }
  const text = (name: string) => {
    const f = files.get(name);
    return f ? f().toString('utf8') : null;
  };
  const workbook = text('xl/workbook.xml');
  const rels = text('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) throw new NotAWorkbook();
  const targets = new Map<string, string>();
  for (const m of rels.matchAll(/<Relationship\b([^>]*?)\/?>/g)) {
    const id = attr(m[1]!, 'Id');
    const target = attr(m[1]!, 'Target');
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  const shared: string[] = [];
  const sst = text('xl/sharedStrings.xml');
  if (sst) for (const m of sst.matchAll(/<si\b[^>]*>([\s\S]*?)<\/si>|<si\b[^>]*\/>/g)) shared.push(textOf(m[1] ?? ''));
  const dates = dateStyles(text('xl/styles.xml'));

  const out: RawSheet[] = [];
  for (const m of workbook.matchAll(/<sheet\b([^>]*?)\/?>/g)) {
    const name = unescapeXml(attr(m[1]!, 'name') ?? '');
    if (!wanted.includes(name)) continue;
    const target = targets.get(attr(m[1]!, 'r:id') ?? '');
    const xml = target ? text(target.replace(/^xl\/\.\.\//, '')) : null;
    if (xml === null) throw new NotAWorkbook();
    const rows: RawSheet['rows'] = [];
    let rowNo = 0;
    for (const r of xml.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
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
        values[col] = value.trim();
      }
      for (let i = 0; i < values.length; i++) values[i] ??= '';
      rows.push({ row: rowNo, values });
    }
    out.push({ name, rows });
  }
  return out;
}
