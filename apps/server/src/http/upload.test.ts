/**
 * Every upload call stores the whole file or refuses it with its size message, never a file cut to
 * the limit. The bodies are sent as a browser sends them: the part's header, then the file in 64 KB
 * pieces (so each limit, a multiple of 64 KB, falls on a piece's end: the case that was stored cut).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { AVATAR_MAX_BYTES, MSG, operator, person, urlOf, work as W, type CallDef } from '@portal/contract';
import { createTestApp, PRODUCT, type TestApp } from '../test/harness.ts';
import { classMembers, persons, workFiles, works } from '../db/schema/index.ts';

const OPERATOR_TOKEN = 'college-operator-token-uploads-0123456789';
const PIECE = 64 * 1024;
const BOUNDARY = '----portaluploadtest';
const TIMES = 20;

let t: TestApp;
let learner: string;
let learnerId: number;
let homework: number;
let practice: number;

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_TOKEN });
  learner = await t.login('13800000001');
  const [me] = await t.db.select({ id: persons.personId }).from(persons).where(eq(persons.mobile, '13800000001'));
  learnerId = me!.id;
  const [member] = await t.db.select({ classId: classMembers.classId }).from(classMembers).where(eq(classMembers.personId, learnerId)).limit(1);
  const base = { classId: member!.classId, requirement: '上传测试', minWords: 1, maxWords: 3000, dueAt: new Date(Date.now() + 7 * 86_400_000), cutoffAt: null };
  const rows = await t.db
    .insert(works)
    .values([
      { ...base, kind: 'homework', title: '上传测试作业', maxFiles: 3 },
      { ...base, kind: 'practice', title: '上传测试实践报告', maxFiles: 0 },
    ])
    .returning({ id: works.id });
  [homework, practice] = rows.map((r) => r.id) as [number, number];
});
afterAll(() => t.close());

/** The multipart body in the pieces a browser sends: header, the file in 64 KB pieces, closing boundary. */
function* pieces(field: string, filename: string, file: (offset: number, length: number) => Buffer, size: number) {
  yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  for (let o = 0; o < size; o += PIECE) yield file(o, Math.min(PIECE, size - o));
  yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
}

/** A file of `size` bytes starting with `magic`, made piece by piece (a 384 MB one is never held whole). */
function filler(magic: Buffer) {
  const block = Buffer.alloc(PIECE, 0x5a);
  const first = Buffer.concat([magic, block.subarray(magic.length)]);
  return (offset: number, length: number) => (offset === 0 ? first : block).subarray(0, length);
}

interface Kind {
  name: string;
  call: CallDef;
  filename: string;
  magic: Buffer;
  query: () => string;
  auth: () => string;
  /** What the upload stored: rows that say so. */
  stored: () => Promise<unknown>;
}

const count = async (table: string) => Number(((await t.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n);
const PNG = Buffer.from('89504e470d0a1a0a', 'hex');
const PDF = Buffer.from('%PDF-1.4\n');
const KINDS: Kind[] = [
  {
    name: 'avatar',
    call: person.uploadUserPic,
    filename: 'me.png',
    magic: PNG,
    query: () => '',
    auth: () => learner,
    stored: async () => (await t.db.select({ pic: persons.userPic }).from(persons).where(eq(persons.personId, learnerId)))[0]!.pic,
  },
  { name: 'work file', call: W.uploadWorkFile, filename: '心得.pdf', magic: PDF, query: () => `?workId=${homework}`, auth: () => learner, stored: () => count('work_files') },
  { name: 'practice photo', call: W.uploadPhoto, filename: '座谈会.png', magic: PNG, query: () => `?workId=${practice}`, auth: () => learner, stored: () => count('work_files') },
  { name: 'import workbook', call: operator.importData, filename: 'units.xlsx', magic: Buffer.from('PK\u0003\u0004'), query: () => '?kind=units', auth: () => `Bearer ${OPERATOR_TOKEN}`, stored: () => count('organs') },
];

async function send(k: Kind, body: Iterable<Buffer>) {
  const res = await t.app.inject({
    method: 'POST',
    url: urlOf(k.call, PRODUCT) + k.query(),
    payload: Readable.from(body),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, authorization: k.auth() },
  });
  const json = res.json() as { resMsg?: string; message?: string; obj?: unknown; data?: unknown };
  // The learner's calls answer in the video_learning envelope (resMsg), the operator's in the uc one (message).
  return { status: res.statusCode, message: json.resMsg ?? json.message, json };
}

/** Every file under the data folder (uploads, work files), by path. */
const filesOnDisk = () => readdirSync(t.config.DATA_DIR, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)).sort();

describe.each(KINDS)('$name over its limit', (k) => {
  const limit = k.call.upload!.maxBytes;
  it.each([
    ['one byte over', limit + 1],
    ['twice', 2 * limit],
    ['six times', 6 * limit],
  ])(`is refused with its size message (413) ${TIMES} times out of ${TIMES} %s its limit, and nothing is stored`, async (_, size) => {
    const before = { stored: await k.stored(), files: filesOnDisk() };
    const answers = new Map<string, number>();
    for (let i = 0; i < TIMES; i++) {
      const r = await send(k, pieces(k.call.upload!.field, k.filename, filler(k.magic), size));
      const key = `${r.status} ${r.message}`;
      answers.set(key, (answers.get(key) ?? 0) + 1);
    }
    expect(Object.fromEntries(answers)).toEqual({ [`413 ${k.call.upload!.tooLarge}`]: TIMES });
    expect({ stored: await k.stored(), files: filesOnDisk() }).toEqual(before);
  }, 300_000);
});

/** Files at exactly their limit and one byte under, whose stored bytes are compared with the sent ones. */
const sizes = (limit: number) => [
  ['exactly at', limit],
  ['one byte under', limit - 1],
] as const;

describe('a file within its limit is stored whole, byte for byte', () => {
  const whole = (bytes: Buffer) => (offset: number, length: number) => bytes.subarray(offset, offset + length);
  const sendWhole = (k: Kind, name: string, bytes: Buffer) => send(k, pieces(k.call.upload!.field, name, whole(bytes), bytes.length));

  it.each(sizes(AVATAR_MAX_BYTES))('avatar %s its limit', async (_, size) => {
    const bytes = Buffer.concat([PNG, randomBytes(size - PNG.length)]);
    const r = await sendWhole(KINDS[0]!, 'me.png', bytes);
    expect(r).toMatchObject({ status: 200, message: MSG.avatarUploaded });
    const url = r.json.obj as string;
    expect(await KINDS[0]!.stored()).toBe(url);
    expect(readFileSync(path.join(t.config.DATA_DIR, url)).equals(bytes)).toBe(true);
  });

  it.each([
    ...sizes(W.WORK_LIMITS.fileMaxBytes).map(([at, size]) => [`work file ${at}`, KINDS[1]!, PDF, size] as const),
    ...sizes(W.WORK_LIMITS.photoMaxBytes).map(([at, size]) => [`practice photo ${at}`, KINDS[2]!, PNG, size] as const),
  ])('%s its limit', async (_, k, magic, size) => {
    const bytes = Buffer.concat([magic, randomBytes(size - magic.length)]);
    const r = await sendWhole(k, k.filename, bytes);
    expect(r).toMatchObject({ status: 200, message: '成功' });
    const file = r.json.obj as W.WorkFile;
    expect(file.size).toBe(size);
    const [row] = await t.db.select().from(workFiles).where(eq(workFiles.id, file.id));
    const onDisk = filesOnDisk().filter((f) => f.endsWith(row!.storageKey));
    expect(onDisk).toHaveLength(1);
    expect(readFileSync(onDisk[0]!).equals(bytes)).toBe(true);
    const download = await t.app.inject({ method: 'GET', url: `${urlOf(W.downloadWorkFile, PRODUCT)}?fileId=${file.id}`, headers: { authorization: learner } });
    expect(download.rawPayload.equals(bytes)).toBe(true);
  });

  it.each(sizes(operator.IMPORT_MAX_BYTES))('import workbook %s its limit: read whole (its end, the zip directory, is there) and imported', async (at, size) => {
    const unit = `上传测试单位（${at}）`;
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('单位');
    ws.addRow(['所属城市', '二级平台地址', '单位名称']);
    ws.addRow(['太原市', '', unit]);
    const bytes = padZip(Buffer.from(await book.xlsx.writeBuffer()), size);
    const r = await sendWhole(KINDS[3]!, 'units.xlsx', bytes);
    expect(r).toMatchObject({ status: 200, json: { data: { written: true, created: 1, badRows: 0 } } });
    expect(await count(`organs where name = '${unit}'`)).toBe(1);
  });
});

/**
 * A zip made `total` bytes long by a gap before its central directory (whose offset, in the end
 * record, is moved by as much): every entry stays where the directory says it is.
 */
function padZip(zip: Buffer, total: number): Buffer {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const directory = zip.readUInt32LE(eocd + 16);
  const gap = total - zip.length;
  const out = Buffer.concat([zip.subarray(0, directory), Buffer.alloc(gap), zip.subarray(directory)]);
  out.writeUInt32LE(directory + gap, eocd + gap + 16);
  return out;
}

describe('over a real socket', () => {
  it('an avatar over its limit sent in pieces is refused and nothing stored; one at its limit is stored whole', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const url = address + urlOf(person.uploadUserPic, PRODUCT);
    /** Sends the body in 64 KB writes, waiting after the piece that ends at the limit so it arrives on its own. */
    const post = async (bytes: Buffer) => {
      const all = [...pieces('userPic', 'me.png', (o, n) => bytes.subarray(o, o + n), bytes.length)];
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = all.shift();
          if (!next) return controller.close();
          controller.enqueue(next);
          if (all.length === Math.ceil((bytes.length - AVATAR_MAX_BYTES) / PIECE) + 1) await new Promise((r) => setTimeout(r, 50));
        },
      });
      const res = await fetch(url, { method: 'POST', body, duplex: 'half', headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, authorization: learner } } as RequestInit);
      return { status: res.status, json: (await res.json()) as { res: boolean; resMsg: string; obj: unknown } };
    };
    const before = { stored: await KINDS[0]!.stored(), files: filesOnDisk() };
    for (const size of [AVATAR_MAX_BYTES + 1, 2 * AVATAR_MAX_BYTES, 6 * AVATAR_MAX_BYTES]) {
      const r = await post(Buffer.concat([PNG, randomBytes(size - PNG.length)]));
      expect(r, `${size} bytes`).toMatchObject({ status: 413, json: { res: false, resMsg: MSG.avatarTooLarge } });
    }
    expect({ stored: await KINDS[0]!.stored(), files: filesOnDisk() }).toEqual(before);
    const bytes = Buffer.concat([PNG, randomBytes(AVATAR_MAX_BYTES - PNG.length)]);
    const r = await post(bytes);
    expect(r).toMatchObject({ status: 200, json: { res: true } });
    expect(readFileSync(path.join(t.config.DATA_DIR, r.json.obj as string)).equals(bytes)).toBe(true);
  });
});
