/**
 * Every Excel export goes out this way (ARCHITECTURE.md section 5, "one list pattern"): a streamed
 * workbook (exceljs's WorkbookWriter: rows are written and flushed as they come, so a class of
 * thousands never sits in memory), a title row, Chinese column names, numbers as numbers and dates
 * as dates (in China time, as the screen shows them), and a Chinese file name in an RFC 5987
 * Content-Disposition with an ASCII fallback for old clients.
 */
import { PassThrough } from 'node:stream';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { collegeDate, collegeWallClockAsUtc } from '@portal/contract/calendar';

export type XlsxValue = string | number | Date | null;
export interface XlsxColumn<R> {
  header: string;
  width: number;
  /** date: day only; datetime: day and minute. Dates are written in China time. */
  kind: 'text' | 'number' | 'date' | 'datetime';
  value: (row: R) => XlsxValue;
}
export interface XlsxExport<R> {
  /** The Chinese file name, without .xlsx. */
  fileName: string;
  /** ASCII fallback for clients that ignore filename*. */
  asciiName: string;
  sheetName: string;
  /** The first row, above the column names (e.g. the class and the date). */
  title: string;
  columns: XlsxColumn<R>[];
  rows: AsyncIterable<R> | Iterable<R>;
}

const FORMATS = { date: 'yyyy-mm-dd', datetime: 'yyyy-mm-dd hh:mm', number: '0.0##', text: '@' } as const;

/** `attachment` with the UTF-8 name (RFC 5987 / RFC 6266) and a plain ASCII one beside it. */
export function attachmentHeader(fileName: string, asciiName: string): string {
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${asciiName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encoded}`;
}

/** Today on the college's calendar as yyyy-mm-dd, for titles and file names. */
export const chinaDate = (d = new Date()) => collegeDate(d);

/** Rows written between two turns of the event loop: a few milliseconds' work. */
const SLICE = 200;
/** When the reply's buffer has room again (or the client is gone; the next write then fails). */
const drained = (out: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done).off('close', done);
      resolve();
    };
    out.on('drain', done).on('close', done);
  });

/**
 * Sends the workbook as the reply while it is written. The first row is read before anything is
 * sent, so a query the database refuses (its first batch is where it checks the input) is answered
 * as any other call's failure, with its status and message. Once the first bytes are out a failure
 * can only cut the download short: it is logged, and the client sees a broken file, never a wrong one.
 */
export async function sendXlsx<R>(reply: FastifyReply, x: XlsxExport<R>): Promise<void> {
  const rows = (async function* () {
    yield* x.rows;
  })();
  let next = await rows.next();
  const out = new PassThrough();
  void reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', attachmentHeader(`${x.fileName}.xlsx`, `${x.asciiName}.xlsx`))
    .header('Cache-Control', 'private, no-store')
    .send(out);
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  try {
    const sheet = book.addWorksheet(x.sheetName, { views: [{ state: 'frozen', ySplit: 2 }] });
    sheet.columns = x.columns.map((c) => ({ width: c.width, style: { numFmt: FORMATS[c.kind] } }));
    const title = sheet.addRow([x.title]);
    title.font = { bold: true, size: 14 };
    sheet.mergeCells(1, 1, 1, x.columns.length);
    title.commit();
    const head = sheet.addRow(x.columns.map((c) => c.header));
    head.font = { bold: true };
    head.commit();
    for (let n = 1; !next.done; n++) {
      // Rows are written on the event loop: a slice at a time, and no faster than the client reads.
      if (n % SLICE === 0) {
        if (out.writableNeedDrain) await drained(out);
        await yieldToLoop();
      }
      const row = next.value;
      sheet
        .addRow(
          x.columns.map((c) => {
            const v = c.value(row);
            // Excel dates carry no zone: the college's clock, so the cell shows what the screen shows.
            return v instanceof Date ? collegeWallClockAsUtc(v) : v;
          }),
        )
        .commit();
      next = await rows.next();
    }
    sheet.commit();
    await book.commit();
  } catch (err) {
    reply.log.error({ err, file: x.fileName }, 'export failed while streaming');
    out.destroy(err as Error);
  }
}
