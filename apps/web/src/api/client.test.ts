// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, STORAGE_KEY, UC_CODE } from '@portal/contract/base';
import { auth, learning, person, teacher } from '@portal/contract/refs';

const toast = vi.fn();
vi.mock('../lib/toast.ts', () => ({ toast: (...args: unknown[]) => toast(...args) }));

const config = {
  product: 'acad',
  collegeName: '测试学院',
  footer: { serviceHours: '', supportGroup: '', phone: '', fax: '', email: '', copyright: '' },
  ssoUrl: '',
  registrationUrl: '',
  utcOffsetMinutes: 480,
  timeZone: 'Asia/Shanghai',
  mobileUrl: '',
  certificateSeal: true,
  cityPlatforms: [],
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const vl = (obj: unknown) => json({ res: true, resMsg: '成功', obj });

let fetchMock: ReturnType<typeof vi.fn>;

async function client() {
  vi.resetModules();
  return import('./client.ts');
}

function requestAt(i: number): { url: string; init: RequestInit } {
  const [url, init] = fetchMock.mock.calls[i] as [string, RequestInit];
  return { url, init };
}

describe('api client', () => {
  beforeEach(() => {
    localStorage.clear();
    toast.mockReset();
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('builds the uc URL with the configured product and sends no Authorization on auth none calls', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ token: 'tok-123456789012345678901234' }));
    fetchMock.mockResolvedValueOnce(vl(config)).mockResolvedValueOnce(json({ code: 0, message: '成功', data: { id: 'c1', captcha_image: 'data:x' } }));
    const { call } = await client();
    const data = await call(auth.requestImageCode);
    expect(data).toEqual({ id: 'c1', captcha_image: 'data:x' });
    const { url, init } = requestAt(1);
    expect(url).toBe('/v1/acad/uc/session/captcha/request_image_code');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).has('Authorization')).toBe(false);
  });

  it('sends the raw stored token and a JSON body', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ token: 'tok-123456789012345678901234' }));
    fetchMock.mockResolvedValueOnce(vl(null));
    const { call } = await client();
    await call(person.loginSuccess, { body: { mobilePhone: '13800000001', loginType: 'password', userType: 1 } });
    const { url, init } = requestAt(0);
    expect(url).toBe('/video_learning/person/loginSuccess');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe('tok-123456789012345678901234');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ mobilePhone: '13800000001', loginType: 'password', userType: 1 });
  });

  it('puts a GET query in the URL', async () => {
    fetchMock.mockResolvedValueOnce(vl(config)).mockResolvedValueOnce(json({ code: 0, message: '等待扫码', data: { status: 0 } }));
    const { call } = await client();
    await call(auth.refreshWechatTicket, { query: { ticket: 'abc' } });
    expect(requestAt(1).url).toBe('/v1/acad/uc/shanxi_wechat_ticket_session/refresh_wechat_ticket?ticket=abc');
  });

  it('throws a business refusal with the server message and code, without a toast', async () => {
    fetchMock.mockResolvedValueOnce(vl(config)).mockResolvedValueOnce(json({ code: UC_CODE.phoneNotRegistered, message: '手机号未注册', data: null }));
    const { call, CallError } = await client();
    const err = await call(auth.requestSmsCode, { body: { captcha: 'abcd', captcha_session_id: 'x', phone_number: '13900000000' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CallError);
    expect(err).toMatchObject({ kind: 'business', message: '手机号未注册', code: UC_CODE.phoneNotRegistered, shown: false });
    expect(toast).not.toHaveBeenCalled();
  });

  it('a vl refusal carries resMsg', async () => {
    fetchMock.mockResolvedValueOnce(json({ res: false, resMsg: MSG.noPermission, obj: null }));
    const { call } = await client();
    await expect(call(person.digitalBooks)).rejects.toMatchObject({ kind: 'business', message: MSG.noPermission });
  });

  it('HTTP 401: session-expired toast, the unauthorized handler runs once for a burst', async () => {
    fetchMock.mockImplementation(async () => json({ res: false, resMsg: MSG.sessionExpired, obj: null }, 401));
    const { call, setUnauthorizedHandler } = await client();
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    await expect(call(person.getSessionPerson)).rejects.toMatchObject({ kind: 'unauthorized', shown: true });
    await expect(call(person.digitalBooks)).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith('error', MSG.sessionExpired);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('HTTP 401 for a request made with a token since logged out or replaced: quiet, no toast and no login modal', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ token: 'tok-old-456789012345678901234' }));
    const answers: (() => void)[] = [];
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => answers.push(() => resolve(json({ res: false, resMsg: MSG.sessionExpired, obj: null }, 401)))));
    const { call, setUnauthorizedHandler, sessionEnding } = await client();
    const { storage } = await import('../lib/storage.ts');
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const answerNext = async (n: number) => {
      await vi.waitFor(() => expect(answers).toHaveLength(n));
      answers[n - 1]!();
    };

    // The page's query is in flight when its person logs out (the token is still stored while the logout call runs)...
    const duringLogout = call(person.digitalBooks);
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    sessionEnding('tok-old-456789012345678901234');
    await answerNext(1);
    await expect(duringLogout).rejects.toMatchObject({ kind: 'unauthorized', shown: true });
    // ...or when another person has logged in since.
    const beforeLogin = call(person.digitalBooks);
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    storage.update({ token: 'tok-new-456789012345678901234' });
    await answerNext(2);
    await expect(beforeLogin).rejects.toMatchObject({ kind: 'unauthorized', shown: true });
    expect(toast).not.toHaveBeenCalled();
    expect(handler).not.toHaveBeenCalled();

    // The session in force answered 401: that one has expired.
    const current = call(person.digitalBooks);
    await answerNext(3);
    await expect(current).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(toast).toHaveBeenCalledWith('error', MSG.sessionExpired);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('any other non-200 status: 请求失败！', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValueOnce(json({ res: false, resMsg: '服务器繁忙', obj: null }, 500));
    const { call } = await client();
    await expect(call(person.getSessionPerson)).rejects.toMatchObject({ kind: 'http', code: 500 });
    expect(toast).toHaveBeenCalledWith('error', MSG.requestFailed);
  });

  it('network failure: 请检查您的网络！ when offline, 请求失败！ otherwise', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { call } = await client();
    const online = vi.spyOn(navigator, 'onLine', 'get');
    online.mockReturnValue(false);
    await expect(call(person.getSessionPerson)).rejects.toMatchObject({ kind: 'network', message: MSG.networkOffline });
    expect(toast).toHaveBeenLastCalledWith('error', MSG.networkOffline);
    online.mockReturnValue(true);
    await expect(call(person.getSessionPerson)).rejects.toMatchObject({ kind: 'network', message: MSG.requestFailed });
    expect(toast).toHaveBeenLastCalledWith('error', MSG.requestFailed);
  });

  it('an answer that does not match the contract is a failed request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValueOnce(json({ res: true, resMsg: '成功', obj: { personName: 3 } }));
    const { call } = await client();
    await expect(call(person.getSessionPerson)).rejects.toMatchObject({ kind: 'invalid' });
    expect(toast).toHaveBeenCalledWith('error', MSG.requestFailed);
  });

  it('a reference is enough: its call group is loaded with the first call; if it cannot be, that is a network failure, shown, nothing is sent, and the next call tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { call } = await client();
    vi.doMock('@portal/contract/calls/teacher', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    try {
      await expect(call(teacher.findUnreadMessageCount)).rejects.toMatchObject({ kind: 'network', message: MSG.requestFailed });
    } finally {
      vi.doUnmock('@portal/contract/calls/teacher');
    }
    expect(toast).toHaveBeenLastCalledWith('error', MSG.requestFailed);
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(vl(2));
    await expect(call(teacher.findUnreadMessageCount)).resolves.toBe(2);
    expect(requestAt(0).url).toBe('/video_learning/education/studentLearn/findUnreadMessageCount');
  });

  it('a read open to visitors leaves while the schemas load, and its answer is still checked against them', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { call } = await client();
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.doMock('@portal/contract/calls/person', async () => {
      await gate;
      return vi.importActual('@portal/contract/calls/person');
    });
    try {
      fetchMock.mockResolvedValueOnce(json({ res: true, resMsg: '成功', obj: { personName: 3 } }));
      const answer = call(person.getSessionPerson);
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      release();
      await expect(answer).rejects.toMatchObject({ kind: 'invalid' });
    } finally {
      vi.doUnmock('@portal/contract/calls/person');
    }
  });

  it('a read asked for ahead leaves at once and is taken, once, by the same call with the same login; its answer is still checked', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ token: 'tok-123456789012345678901234' }));
    const { askAhead, call } = await client();
    fetchMock.mockResolvedValueOnce(vl({ resources: 'not a list' }));
    askAhead(learning.findProgress, { query: { courseId: 7 } });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(requestAt(0).url).toBe('/video_learning/education/studentLearn/findProgress?courseId=7');
    expect(new Headers(requestAt(0).init.headers).get('Authorization')).toBe('tok-123456789012345678901234');
    // The page's call takes it: nothing more is sent, and the answer is checked against the schemas.
    await expect(call(learning.findProgress, { query: { courseId: 7 } })).rejects.toMatchObject({ kind: 'invalid' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Taken once: the next call asks again.
    fetchMock.mockResolvedValueOnce(vl(3));
    await expect(call(teacher.findUnreadMessageCount)).resolves.toBe(3);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a read asked for ahead with another login (or a call that is not a read) is not used', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ token: 'tok-aaaaaaaaaaaaaaaaaaaaaaaaaaaa' }));
    const { askAhead, call } = await client();
    fetchMock.mockResolvedValueOnce(vl(1));
    askAhead(teacher.findUnreadMessageCount);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    // The learner logged in again meanwhile (another token): the page's call is sent anew.
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ token: 'tok-bbbbbbbbbbbbbbbbbbbbbbbbbbbb' }));
    const { storage } = await import('../lib/storage.ts');
    storage.reload();
    fetchMock.mockResolvedValueOnce(vl(2));
    await expect(call(teacher.findUnreadMessageCount)).resolves.toBe(2);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(new Headers(requestAt(1).init.headers).get('Authorization')).toBe('tok-bbbbbbbbbbbbbbbbbbbbbbbbbbbb');
    // A call with a body is never sent ahead.
    askAhead(person.loginSuccess, { body: { mobilePhone: '13800000001', loginType: 'password', userType: 1 } } as never);
    await new Promise((r) => setTimeout(r, 10));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('uploads multipart in the call field and answers data and resMsg; HTTP failures are left to the caller', async () => {
    fetchMock.mockResolvedValueOnce(json({ res: true, resMsg: MSG.avatarUploaded, obj: '/uploads/a.png' }));
    const { upload } = await client();
    const answer = await upload(person.uploadUserPic, new Blob(['x'], { type: 'image/png' }), 'a.png');
    expect(answer).toEqual({ data: '/uploads/a.png', message: MSG.avatarUploaded });
    const body = requestAt(0).init.body as FormData;
    expect(body.get('userPic')).toBeInstanceOf(Blob);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValueOnce(json({ res: false, resMsg: MSG.avatarTooLarge, obj: null }, 413));
    await expect(upload(person.uploadUserPic, new Blob(['x']), 'a.png')).rejects.toMatchObject({ kind: 'http', shown: false });
    expect(toast).not.toHaveBeenCalled();
  });
});
