import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decryptHandoffToken,
  encryptHandoffToken,
  fromBase64Url,
  handoffKey,
  handoffTarget,
  handoffUrl,
  toBase64Url,
} from '../../src/shared/handoff';

const TOKEN = 'f3b2c1d0e9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0';
const ORIGINS = { main: 'http://127.0.0.1:8080', xhn: 'http://127.0.0.1:8081', jjsk: 'https://jjsk.example.com' };
const MAIN = 'http://127.0.0.1:8080';

describe('hand-off token encryption (AES-GCM, key = SHA-256 of the variant name)', () => {
  it('round-trips a token for the same variant name', async () => {
    const sealed = await encryptHandoffToken(TOKEN, 'xhn');
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
    await expect(decryptHandoffToken(sealed, 'xhn')).resolves.toBe(TOKEN);
  });

  it('uses a fresh 96-bit IV each time: the same token never encrypts the same way twice', async () => {
    const [a, b] = await Promise.all([encryptHandoffToken(TOKEN, 'xhn'), encryptHandoffToken(TOKEN, 'xhn')]);
    expect(a).not.toBe(b);
    // IV (12) + plaintext + GCM tag (16)
    expect(fromBase64Url(a)).toHaveLength(12 + TOKEN.length + 16);
    expect(fromBase64Url(a).slice(0, 12)).not.toEqual(fromBase64Url(b).slice(0, 12));
  });

  it('derives the key exactly as SHA-256(name): a payload sealed by hand opens', async () => {
    const digest = await webcrypto.subtle.digest('SHA-256', new TextEncoder().encode('szdj'));
    const key = await webcrypto.subtle.importKey('raw', digest, 'AES-GCM', false, ['encrypt']);
    const iv = new Uint8Array(12).fill(7);
    const sealed = new Uint8Array(await webcrypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(TOKEN)));
    const payload = toBase64Url(new Uint8Array([...iv, ...sealed]));
    await expect(decryptHandoffToken(payload, 'szdj')).resolves.toBe(TOKEN);
    expect((await handoffKey('szdj')).algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
  });

  it('rejects a payload made for another variant, altered, truncated or not base64url', async () => {
    const sealed = await encryptHandoffToken(TOKEN, 'xhn');
    await expect(decryptHandoffToken(sealed, 'jjsk')).rejects.toThrow();
    const bytes = fromBase64Url(sealed);
    bytes[20] ^= 1;
    await expect(decryptHandoffToken(toBase64Url(bytes), 'xhn')).rejects.toThrow();
    await expect(decryptHandoffToken(sealed.slice(0, 30), 'xhn')).rejects.toThrow();
    await expect(decryptHandoffToken('not/base64+url=', 'xhn')).rejects.toThrow('base64url');
  });

  it('base64url survives every byte value', () => {
    const all = new Uint8Array(256).map((_, i) => i);
    expect(fromBase64Url(toBase64Url(all))).toEqual(all);
  });
});

describe('hand-off target (no open redirect)', () => {
  it('accepts a page of a served variant origin and keeps the page', () => {
    expect(handoffTarget('http://127.0.0.1:8081/message?id=3#top', ORIGINS, MAIN)).toEqual({
      variant: 'xhn',
      origin: 'http://127.0.0.1:8081',
      path: '/message?id=3#top',
    });
    expect(handoffTarget('https://jjsk.example.com/', ORIGINS, MAIN)).toMatchObject({ variant: 'jjsk', path: '/home' });
    expect(handoffTarget('http://127.0.0.1:8081/user/login', ORIGINS, MAIN)).toMatchObject({ path: '/home' });
  });

  it('refuses every other origin, look-alikes, credentials, non-http schemes and this origin', () => {
    for (const redirect of [
      'https://evil.example/home',
      'http://127.0.0.1:8081.evil.example/home',
      'http://127.0.0.1:8082/home',
      'https://127.0.0.1:8081/home',
      'http://user:pw@127.0.0.1:8081/home',
      '//127.0.0.1:8081/home',
      '/home',
      'javascript:alert(1)',
      'http://127.0.0.1:8080/home',
      '',
      null,
    ]) {
      expect(handoffTarget(redirect, ORIGINS, MAIN), String(redirect)).toBeNull();
    }
  });

  it('builds <origin>/home?t=..., carrying the page only when it is not /home', () => {
    expect(handoffUrl({ variant: 'xhn', origin: 'http://127.0.0.1:8081', path: '/home' }, 'abc_-')).toBe('http://127.0.0.1:8081/home?t=abc_-');
    const url = new URL(handoffUrl({ variant: 'xhn', origin: 'http://127.0.0.1:8081', path: '/message?id=3' }, 'abc'));
    expect(url.pathname).toBe('/home');
    expect(url.searchParams.get('t')).toBe('abc');
    expect(url.searchParams.get('redirect')).toBe('/message?id=3');
  });
});
