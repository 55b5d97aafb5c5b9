// The envelope contract (DESIGN §4): every /api answer, errors included, is {code, msg, data}.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

describe.skipIf(!dbAvailable)('API envelope', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  it('answers health', async () => {
    const res = await s.call('GET', '/api/health');
    expect(res.body).toMatchObject({ code: 200, data: { status: 'ok' } });
  });

  it('answers unknown /api paths with a 404 envelope, not HTML', async () => {
    const res = await s.call('GET', '/api/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body).toEqual({ code: 404, msg: '请求的资源不存在', data: null });
    const post = await s.call('POST', '/api/nothing', { body: {} });
    expect(post.status).toBe(404);
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await s.call('POST', '/api/login', { raw: '{"username": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, msg: '请求格式错误', data: null });
  });

  it('answers a missing body with field errors', async () => {
    const res = await s.call('POST', '/api/register', { lang: 'en-US' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Some of the information is invalid; check the marked fields');
    expect(Object.keys(res.body.data as object).sort()).toEqual(['agree', 'code', 'password', 'phone', 'userType']);
  });

  it('answers non-string field values as the wrong type, not as a crash', async () => {
    const res = await s.call('POST', '/api/login', { body: { username: { $ne: 1 }, password: ['x'], uuid: 1, captchaCode: null } });
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({ username: '请输入文字', password: '请输入文字' });
  });

  it('answers an oversize body with 413', async () => {
    const res = await s.call('POST', '/api/login', { raw: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 413, msg: '提交的内容过大', data: null });
  });

  it('speaks the caller language and defaults to zh-CN', async () => {
    expect((await s.call('GET', '/api/nothing', { lang: 'en-US,en;q=0.9' })).body.msg).toBe('The requested resource does not exist');
    expect((await s.call('GET', '/api/nothing', { lang: 'fr-FR' })).body.msg).toBe('请求的资源不存在');
  });
});
