// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { teacher } from '@portal/contract/refs';
import { downloadFile } from './download.ts';

const click = vi.fn();
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
  click.mockReset();
  HTMLAnchorElement.prototype.click = click;
});
afterEach(() => vi.unstubAllGlobals());

describe('downloadFile', () => {
  it('a refused export (403 with the JSON envelope) rejects with the Chinese message and saves nothing', async () => {
    const message = '您不是该班级的班主任，无权查看或操作该班级';
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ message }), { status: 403, headers: { 'Content-Type': 'application/json; charset=utf-8' } }));
    await expect(downloadFile(teacher.exportClassPersonStudy, { classId: 1 }, '学习统计.xlsx')).rejects.toThrow(message);
    expect(click).not.toHaveBeenCalled();
  });

  it('a visitor (401) is told their login has expired, and nothing is saved', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ message: '登录状态过期！请重新登录！' }), { status: 401, headers: { 'Content-Type': 'application/json' } }));
    await expect(downloadFile(teacher.directoriesExport, { classId: 1 }, '通讯录.xlsx')).rejects.toThrow('登录状态过期！请重新登录！');
    expect(click).not.toHaveBeenCalled();
  });

  it('a file is saved under the name the server gives it', async () => {
    fetchMock.mockResolvedValue(
      new Response(new Uint8Array([0x50, 0x4b]), {
        status: 200,
        headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Content-Disposition': `attachment; filename="x.xlsx"; filename*=UTF-8''${encodeURIComponent('学习统计-一班.xlsx')}` },
      }),
    );
    await downloadFile(teacher.exportClassPersonStudy, { classId: 1 }, '学习统计.xlsx');
    expect(click).toHaveBeenCalledOnce();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('学习统计-一班.xlsx');
  });
});
