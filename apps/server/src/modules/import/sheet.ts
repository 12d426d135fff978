/**
 * The import's workbooks: reading the college's .xlsx, and writing the templates and the rejects workbook (the bad rows with a
 * column naming what is wrong). A sheet's first row holds the column names; columns are found by
 * name, so their order is free; rows are numbered as Excel numbers them.
 */
import ExcelJS from 'exceljs';
import { readXlsx, TooLarge } from './xlsxReader.ts';

export interface SheetDef {
  name: string;
  columns: ColumnDef[];
  /** Example rows of the template, by column header. */
  example: Record<string, string | number>[];
}
export interface ColumnDef {
  header: string;
  required?: boolean;
  /** What the template's note on the column says. */
  note: string;
  width?: number;
}

/** One row as read: its Excel number and its cells as text, by column header. */
export interface SheetRow {
  row: number;
  cells: Record<string, string>;
}
export type Workbook = Map<string, { headers: string[]; rows: SheetRow[] }>;

const NOT_A_WORKBOOK = '文件不是有效的Excel工作簿（.xlsx）';
/**
 * Data rows one file may hold, over its sheets: what the import keeps in memory until every row is
 * checked is bounded by it (100,000 people is the bar; larger sets come in several files).
 */
export const MAX_ROWS = 200_000;
export const TOO_MANY_ROWS = `文件超过${MAX_ROWS}行数据，超出导入上限，请拆分为多个文件分批导入`;

/**
 * Reads every sheet named in `names` (others are ignored). Rows whose cells are all empty are
 * skipped. Throws a Chinese message when the file is not an .xlsx workbook or is past a bound.
 */
export async function readWorkbook(bytes: Buffer, names: string[]): Promise<Workbook> {
  const out: Workbook = new Map();
  let kept = 0;
  try {
    let sheet: { headers: string[]; rows: SheetRow[] } | null = null;
    let head = true;
    await readXlsx(bytes, names, {
      sheet(name) {
        sheet = { headers: [], rows: [] };
        out.set(name, sheet);
        head = true;
      },
      row(r) {
        const s = sheet!;
        if (head) {
          s.headers = r.values;
          head = false;
          return;
        }
        const cells: Record<string, string> = {};
        let any = false;
        s.headers.forEach((h, i) => {
          if (!h) return;
          const v = r.values[i] ?? '';
          cells[h] = v;
          if (v) any = true;
        });
        if (!any) return;
        if (++kept > MAX_ROWS) throw new TooLarge(TOO_MANY_ROWS);
        s.rows.push({ row: r.row, cells });
      },
    });
  } catch (e) {
    throw new Error(e instanceof TooLarge ? e.message : NOT_A_WORKBOOK, { cause: e });
  }
  for (const sheet of out.values()) sheet.headers = sheet.headers.filter(Boolean);
  return out;
}

const HEAD_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDEBF7' } };
const REQUIRED_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFCE4D6' } };

function addSheet(book: ExcelJS.Workbook, def: SheetDef, rows: Record<string, string | number>[], extra?: { header: string; values: string[] }) {
  const ws = book.addWorksheet(def.name, { views: [{ state: 'frozen', ySplit: 1 }] });
  const headers = [...def.columns.map((c) => c.header), ...(extra ? [extra.header] : [])];
  // Every column is text, so a mobile number or a code keeps its leading zeros and digits.
  ws.columns = [...def.columns.map((c) => ({ width: c.width ?? Math.max(10, c.header.length * 2 + 4), style: { numFmt: '@' } })), ...(extra ? [{ width: 60 }] : [])];
  const head = ws.addRow(headers);
  head.font = { bold: true };
  def.columns.forEach((c, i) => {
    const cell = head.getCell(i + 1);
    cell.fill = c.required ? REQUIRED_FILL : HEAD_FILL;
    cell.note = `${c.required ? '必填。' : '选填。'}${c.note}`;
  });
  rows.forEach((r, i) => {
    const values: (string | number)[] = def.columns.map((c) => {
      const v = r[c.header];
      return v === undefined ? '' : String(v);
    });
    if (extra) values.push(extra.values[i] ?? '');
    ws.addRow(values);
  });
}

/** A template: each sheet with its column names (required ones shaded, each with a note) and the example rows. */
export async function templateWorkbook(sheets: SheetDef[], instructions: string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = '干部网络学院';
  // A fixed date, so regenerating an unchanged template gives the same content.
  book.created = new Date(Date.UTC(2026, 0, 1));
  book.modified = book.created;
  for (const s of sheets) addSheet(book, s, s.example);
  const help = book.addWorksheet('填写说明');
  help.columns = [{ width: 110 }];
  for (const line of instructions) help.addRow([line]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The rejects workbook: each sheet's bad rows as they were given, with the Excel row and the reasons. */
export async function rejectsWorkbook(sheets: SheetDef[], bad: Map<string, { row: SheetRow; reasons: string[] }[]>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = '干部网络学院';
  for (const s of sheets) {
    const rows = bad.get(s.name) ?? [];
    if (rows.length === 0) continue;
    addSheet(
      book,
      s,
      rows.map((r) => r.row.cells),
      { header: '错误原因', values: rows.map((r) => `原第${r.row.row}行：${r.reasons.join('；')}`) },
    );
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
