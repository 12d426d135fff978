import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { sendXlsx, type XlsxExport } from './xlsx.ts';

type Row = { name: string; hours: number };
const columns: XlsxExport<Row>['columns'] = [
  { header: '姓名', width: 10, kind: 'text', value: (r) => r.name },
  { header: '学时', width: 8, kind: 'number', value: (r) => r.hours },
];
const exportOf = (rows: XlsxExport<Row>['rows']): XlsxExport<Row> => ({ fileName: '测试', asciiName: 'test', sheetName: '表', title: '测试导出', columns, rows });

/** Rows whose query the database refuses at its first batch. */
const refusedAtOnce = (): AsyncIterable<Row> => ({
  [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(Object.assign(new Error('value "2147483648" is out of range for type integer'), { statusCode: 400 })) }),
});
async function* twoRows(): AsyncIterable<Row> {
  yield { name: '张三', hours: 1.5 };
  yield { name: '李四', hours: 2 };
}

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  app.get('/refused', async (_req, reply) => {
    await sendXlsx(reply, exportOf(refusedAtOnce()));
    return reply;
  });
  app.get('/two', async (_req, reply) => {
    await sendXlsx(reply, exportOf(twoRows()));
    return reply;
  });
  await app.ready();
});
afterAll(() => app.close());

describe('sendXlsx', () => {
  it('answers a query refused before its first row as an error with its status, not a workbook cut off after a 200', async () => {
    const res = await app.inject({ method: 'GET', url: '/refused' });
    expect(res.statusCode).toBe(400);
    expect(String(res.headers['content-type'])).not.toContain('spreadsheet');
  });

  it('writes the title, the column names and every row', async () => {
    const res = await app.inject({ method: 'GET', url: '/two' });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    // The title spans the columns: a merged cell reads the same in each.
    const values = book.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).filter((v) => v !== undefined));
    expect(values).toEqual([['测试导出', '测试导出'], ['姓名', '学时'], ['张三', 1.5], ['李四', 2]]);
  });
});
