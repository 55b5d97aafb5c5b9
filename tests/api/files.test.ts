// Uploads (issue 4): type by magic bytes, size <= 5 MB, extension must match, nothing stored
// on rejection, served only to the owning account and to operations staff by signed URL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, FileView } from '../../src/shared/api';
import { loginPassword, signedIn } from '../support/flows';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

// A 1x1 PNG and a minimal PDF: real magic bytes, as a browser would send them.
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function upload(s: TestServer, token: string, name: string, bytes: Buffer, type = 'application/octet-stream') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${s.baseUrl}/api/files`, { method: 'POST', headers: { authorization: token }, body: form });
  return { status: res.status, body: (await res.json()) as Envelope<FileView> };
}

describe.skipIf(!dbAvailable)('file uploads', () => {
  let s: TestServer;
  let dataDir: string;
  let owner: { token: string };
  let other: { token: string };
  let ops: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lsf-files-'));
    s = await startTestServer({ DATA_DIR: dataDir, ADMIN_PHONE: '13800000010', ADMIN_PASSWORD: 'Admin#2026' });
    owner = await signedIn(s);
    other = await signedIn(s);
    ops = (await loginPassword(s, '13800000010', 'Admin#2026')).body.data.access_token;
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const storedFiles = () => {
    const root = path.join(dataDir, 'uploads');
    return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }).filter((f) => /^[a-f0-9]{32}$/.test(path.basename(String(f)))) : [];
  };

  it('accepts a PNG and a PDF, typed by content, and serves them by signed URL', async () => {
    const png = await upload(s, owner.token, 'id-front.png', PNG, 'image/png');
    expect(png.body).toMatchObject({ code: 200, data: { name: 'id-front.png', type: 'image/png', size: PNG.length } });
    const pdf = await upload(s, owner.token, '开户许可证.PDF', PDF);
    expect(pdf.body.data).toMatchObject({ name: '开户许可证.PDF', type: 'application/pdf' });
    const bytes = await fetch(`${s.baseUrl}${png.body.data.url}`);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('image/png');
    expect(bytes.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await bytes.arrayBuffer()).equals(PNG)).toBe(true);
    expect(storedFiles()).toHaveLength(2);
  });

  it('rejects other types, spoofed extensions, empty and oversize files, storing nothing', async () => {
    const before = storedFiles().length;
    const rows = (await s.ctx.db.query.files.findMany()).length;
    const text = await upload(s, owner.token, 'notes.png', Buffer.from('just some text, not an image'), 'image/png');
    expect(text.body).toEqual({ code: 400, msg: '只支持 JPG、PNG、WEBP 图片和 PDF 文件', data: null });
    const spoofed = await upload(s, owner.token, 'contract.pdf', PNG, 'application/pdf');
    expect(spoofed.body).toEqual({ code: 400, msg: '文件扩展名与文件内容不符', data: null });
    const exe = await upload(s, owner.token, 'tool.exe', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]));
    expect(exe.status).toBe(400);
    const empty = await upload(s, owner.token, 'empty.png', Buffer.alloc(0));
    expect(empty.status).toBe(400);
    const big = await upload(s, owner.token, 'big.png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.body).toEqual({ code: 413, msg: '文件不能超过 5 MB', data: null });
    expect(storedFiles()).toHaveLength(before);
    expect((await s.ctx.db.query.files.findMany()).length).toBe(rows);
  });

  it('shows a file to its account and to ops only; signed URLs cannot be forged or reused late', async () => {
    const png = await upload(s, owner.token, 'door.png', PNG);
    const id = png.body.data.id;
    expect((await s.call('GET', `/api/files/${id}`, { token: other.token })).status).toBe(404);
    expect((await s.call<FileView>('GET', `/api/files/${id}`, { token: ops })).body.data.id).toBe(id);
    expect((await s.call('GET', `/api/files/${id}`)).status).toBe(401);
    const url = new URL(png.body.data.url, s.baseUrl);
    url.searchParams.set('sig', 'x'.repeat(43));
    expect((await fetch(url)).status).toBe(404);
    const otherId = new URL(png.body.data.url, s.baseUrl);
    otherId.pathname = `/api/files/${(await upload(s, other.token, 'x.png', PNG)).body.data.id}/content`;
    expect((await fetch(otherId)).status).toBe(404);
    s.clock.advance(10 * 60_000 + 1);
    expect((await fetch(`${s.baseUrl}${png.body.data.url}`)).status).toBe(404);
  });

  it('needs a signed-in user and a multipart body', async () => {
    const form = new FormData();
    form.append('file', new Blob([PNG]), 'a.png');
    expect((await fetch(`${s.baseUrl}/api/files`, { method: 'POST', body: form })).status).toBe(401);
    const json = await s.call('POST', '/api/files', { token: owner.token, body: { file: 'x' } });
    expect(json.body).toMatchObject({ code: 400, msg: '请选择要上传的文件' });
  });
});
