// Where a webhook may be sent (src/server/domains/webhooks/destination.ts): in production only
// https to public addresses, checked at registration for an address in the URL and where each
// delivery connects for a name (so DNS rebinding cannot reach the server's own network); outside
// production http to this machine too. The sends go to a real local receiver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destinationError, isNonPublicAddress } from '../../src/server/domains/webhooks/destination';
import { post } from '../../src/server/domains/webhooks/send';
import { startReceiver, type Receiver } from '../support/receiver';

describe('webhook destinations', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('tells public addresses from this host, private networks, link-local, CGNAT and reserved ranges', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '198.18.0.1', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1', 'not-an-ip']) {
      expect(isNonPublicAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '114.114.114.114', '2400:3200::1', '::ffff:1.2.3.4']) {
      expect(isNonPublicAddress(address), address).toBe(false);
    }
  });

  it('in production takes https to a name or a public address, and refuses private and local ones by name', () => {
    expect(destinationError('https://erp.example.com/lsf', true)).toBeNull();
    expect(destinationError('https://203.119.1.10/hook', true)).toBeNull();
    for (const url of ['https://10.0.0.5/hook', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/hook', 'https://[::ffff:192.168.0.1]/x', 'https://localhost/hook', 'https://admin.localhost/x', 'https://127.0.0.1:8443/x']) {
      expect(destinationError(url, true), url).toBe('webhookUrlPrivate');
    }
    expect(destinationError('http://127.0.0.1:9000/x', true)).toBe('webhookUrl');
    expect(destinationError('https://user:pw@erp.example.com/x', true)).toBe('webhookUrl');
    // Outside production: http to this machine, and any https.
    expect(destinationError('http://127.0.0.1:9000/x', false)).toBeNull();
    expect(destinationError('https://10.0.0.5/hook', false)).toBeNull();
    expect(destinationError('http://example.com/x', false)).toBe('webhookUrlLocal');
  });

  it('with public addresses only, never connects to this machine, by address or by a name resolving to it', async () => {
    const delivery = (url: string) => ({ id: crypto.randomUUID(), payload: { type: 'bills.pay' }, url, secret: 'whsec_test' });
    const port = new URL(receiver.origin).port;
    const before = receiver.received.length;
    const byAddress = await post(delivery(`http://127.0.0.1:${port}/guarded`), new Date(), undefined, { publicOnly: true });
    expect(byAddress).toMatchObject({ ok: false, statusCode: null, error: 'ENONPUBLIC' });
    const byName = await post(delivery(`http://localhost:${port}/guarded`), new Date(), undefined, { publicOnly: true });
    expect(byName).toMatchObject({ ok: false, statusCode: null, error: 'ENONPUBLIC' });
    expect(receiver.received.length).toBe(before);
    // The same sends outside production arrive, signed.
    const allowed = await post(delivery(`http://localhost:${port}/allowed`), new Date(), undefined, { publicOnly: false });
    expect(allowed).toMatchObject({ ok: true, statusCode: 200, error: null });
    expect(receiver.received.at(-1)).toMatchObject({ path: '/allowed' });
    expect(String(receiver.received.at(-1)!.headers['x-lsf-webhook-signature'])).toMatch(/^v1=[0-9a-f]{64}$/);
  });
});
