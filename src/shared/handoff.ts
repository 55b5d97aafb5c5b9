// The cross-origin sign-in hand-off of SPEC §4 Session: the main platform returns a signed-in user
// to a variant with the token in query `t`, encrypted with AES-GCM under a key derived from the
// variant name (key = SHA-256 of the name). Pure WebCrypto: the same code runs in browsers and in
// Node 20 (globalThis.crypto).
//
// The key is derivable by anyone who knows the variant name, so this keeps the token out of
// casual view (logs, screenshots of the address bar), it is not a secret channel: the token is
// sent only to origins the server lists, the URL is replaced at once, and the token is the
// ordinary revocable session token.
import { consolePath, isUnder } from './consolePaths';

const IV_BYTES = 12; // 96-bit IV, the size AES-GCM is specified for
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function subtle(): SubtleCrypto {
  const c = globalThis.crypto;
  if (!c?.subtle) throw new Error('WebCrypto is not available (a secure context is required)');
  return c.subtle;
}

/** AES-256-GCM key = SHA-256 of the UTF-8 variant name. */
export async function handoffKey(variantName: string): Promise<CryptoKey> {
  if (!variantName) throw new Error('handoff: variant name required');
  const digest = await subtle().digest('SHA-256', encoder.encode(variantName));
  return subtle().importKey('raw', digest, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('handoff: not base64url');
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** base64url(IV || ciphertext+tag), a fresh random IV each time. */
export async function encryptHandoffToken(token: string, variantName: string): Promise<string> {
  const key = await handoffKey(variantName);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv }, key, encoder.encode(token)));
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return toBase64Url(out);
}

/** The token, or a rejection when the payload was altered, truncated or made for another variant. */
export async function decryptHandoffToken(payload: string, variantName: string): Promise<string> {
  const bytes = fromBase64Url(payload);
  // IV plus at least the 16-byte GCM tag.
  if (bytes.length < IV_BYTES + 16) throw new Error('handoff: payload too short');
  const key = await handoffKey(variantName);
  const plain = await subtle().decrypt({ name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES) }, key, bytes.slice(IV_BYTES));
  const token = decoder.decode(plain);
  if (!token) throw new Error('handoff: empty token');
  return token;
}

/** Where the main platform hands a signed-in user over to: a variant origin and the page there. */
export interface HandoffTarget {
  /** Variant id: the key's source. */
  variant: string;
  origin: string;
  /** Path (with query and hash) on the variant to end up on; /home when none was carried. */
  path: string;
}

const originOf = (url: string): string | null => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
};

/**
 * The hand-off target named by a login page's `redirect`: only an absolute http(s) URL whose
 * origin is exactly one of the served variants' origins (GET /api/meta/origins) and not this
 * origin. Anything else gives null, so the login page cannot become an open redirect.
 */
export function handoffTarget(redirect: string | null | undefined, origins: Record<string, string>, selfOrigin: string): HandoffTarget | null {
  if (!redirect || !/^https?:\/\//i.test(redirect)) return null;
  let url: URL;
  try {
    url = new URL(redirect);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const self = originOf(selfOrigin);
  for (const [variant, listed] of Object.entries(origins)) {
    const origin = originOf(listed);
    if (origin === null || origin !== url.origin || origin === self) continue;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return { variant, origin, path: isUnder(url.pathname, 'user') || path === '/' ? HANDOFF_LANDING : path };
  }
  return null;
}

/** The page a variant receives `t` on (SPEC §4: "stores it and reloads at /home"). */
export const HANDOFF_LANDING = consolePath('home');
export const HANDOFF_TOKEN_PARAM = 't';
/** The page the user was on in the variant, carried beside `t` (a path, checked again on arrival). */
export const HANDOFF_PAGE_PARAM = 'redirect';

/** `<origin>/home?t=<encrypted>[&redirect=<path>]` */
export function handoffUrl(target: HandoffTarget, encryptedToken: string): string {
  const url = new URL(HANDOFF_LANDING, target.origin);
  url.searchParams.set(HANDOFF_TOKEN_PARAM, encryptedToken);
  if (target.path !== HANDOFF_LANDING) url.searchParams.set(HANDOFF_PAGE_PARAM, target.path);
  return url.toString();
}
