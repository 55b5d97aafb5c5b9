// The console's buttons equal the server's answers (issue 7): for a table of (caller, contract
// state, action), one test asks both. The console side decides exactly as refine's access
// control does (src/web/refine/accessControl.ts): the shared per-record ability built from what
// the browser receives over HTTP (profile grants, user info, /api/meta/resources, the record,
// a 404 meaning no record at all). The server side runs the action. A sign attempt carries a
// well-formed code that was never sent: the server checks who may sign before the code, so an
// allowed signer gets the code refused (400 on smsCode), anyone else 403/404/409.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile, UserInfo } from '../../src/shared/api';
import { actorFromProfile } from '../../src/shared/actor';
import { asRecord, defineRecordAbility } from '../../src/shared/resources/recordAbility';
import type { ResourceDefinition, ResourceRecord } from '../../src/shared/resources/types';
import { sendCode, signedIn } from '../support/flows';
import { addOperator, approveAccount } from '../support/operators';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

type Caller = { name: string; token: string; phone: string };
type Setup = 'fresh' | 'buyerSigned' | 'sellerSigned' | 'signed' | 'rejected' | 'cancelled';
const SETUPS: Setup[] = ['fresh', 'buyerSigned', 'sellerSigned', 'signed', 'rejected', 'cancelled'];
const ACTIONS = ['sign', 'reject', 'cancel'] as const;

describe.skipIf(!dbAvailable)('contract buttons = server answers', () => {
  let s: TestServer;
  let buyer: Caller;
  let seller: Caller;
  const callers: Caller[] = [];

  const person = async (name: string, approve = true): Promise<Caller> => {
    const user = await signedIn(s, { userType: 'enterprise', enterpriseName: name });
    if (approve) await approveAccount(s, user.phone);
    return { name, token: user.token, phone: user.phone };
  };
  const post = (who: Caller, path: string, body: unknown = {}) => s.call<ResourceRecord>('POST', path, { token: who.token, body });
  /** Signs over the API with a real code; the clock moves a day now and then for the daily SMS limit. */
  let codes = 0;
  const realSign = async (who: Caller, id: string) => {
    if ((codes += 1) % 8 === 0) s.clock.advance(24 * 3600_000);
    expect((await post(who, `/api/r/contracts/${id}/actions/sign`, { smsCode: await sendCode(s, who.phone, 'verify', who.token) })).status).toBe(200);
  };
  /** A contract (buyer publishes, seller accepts) brought to `setup`. */
  const contractIn = async (setup: Setup): Promise<string> => {
    const offer = await post(buyer, '/api/r/purchaseOffers', {
      title: `按钮对照 ${setup}`,
      goodsName: '螺纹钢',
      unit: 'ton',
      quantity: 10,
      unitPrice: '4000.00',
      deliveryDate: '2099-12-20',
      validUntil: '2099-12-31',
      deliveryRegion: ['33', '3301', '330106'],
    });
    await post(buyer, `/api/r/purchaseOffers/${offer.body.data.id}/actions/publish`);
    const id = (await post(seller, `/api/r/purchaseOffers/${offer.body.data.id}/actions/accept`)).body.data.contractId as string;
    if (setup === 'buyerSigned' || setup === 'signed') await realSign(buyer, id);
    if (setup === 'sellerSigned' || setup === 'signed') await realSign(seller, id);
    if (setup === 'rejected') await post(buyer, `/api/r/contracts/${id}/actions/reject`, { reason: '价格不合适' });
    if (setup === 'cancelled') await post(seller, `/api/r/contracts/${id}/actions/cancel`, { reason: '库存不足' });
    return id;
  };

  /** What the console shows: the button when the shared ability, fed what the browser receives, says so. */
  const consoleShows = async (who: Caller, id: string, action: string): Promise<boolean> => {
    const [profile, info, meta, record] = await Promise.all([
      s.call<Profile>('GET', '/api/user/info', { token: who.token }),
      s.call<UserInfo>('GET', '/api/system/users/info', { token: who.token }),
      s.call<ResourceDefinition[]>('GET', '/api/meta/resources', { token: who.token }),
      s.call<ResourceRecord>('GET', `/api/r/contracts/${id}`, { token: who.token }),
    ]);
    const definition = meta.body.data.find((d) => d.name === 'contracts');
    if (!definition || record.status !== 200) return false;
    return defineRecordAbility(definition, actorFromProfile(profile.body.data, info.body.data)).can(action, asRecord(definition, record.body.data));
  };
  /** What the server lets happen (a sign that got as far as the code counts as allowed). */
  const serverAllows = async (who: Caller, id: string, action: string): Promise<{ allowed: boolean; status: number }> => {
    const body = action === 'sign' ? { smsCode: '000000' } : { reason: '按钮对照' };
    const res = await post(who, `/api/r/contracts/${id}/actions/${action}`, body);
    const codeRefused = res.status === 400 && Object.keys((res.body.data as object) ?? {}).join() === 'smsCode';
    return { allowed: res.status === 200 || codeRefused, status: res.status };
  };

  beforeAll(async () => {
    s = await startTestServer();
    buyer = await person('杭州按钮买方有限公司');
    seller = await person('苏州按钮卖方有限公司');
    const third = await person('宁波按钮旁观有限公司');
    const unapproved = await person('温州按钮未认证有限公司', false);
    const viewer = { name: 'buyer viewer', ...(await addOperator(s, buyer.phone, 'viewer')) };
    const finance = { name: 'seller finance', ...(await addOperator(s, seller.phone, 'finance')) };
    const purchaser = { name: 'buyer purchaser', ...(await addOperator(s, buyer.phone, 'purchaser')) };
    callers.push(buyer, seller, third, unapproved, viewer, finance, purchaser);
  }, 120_000);
  afterAll(() => s?.close());

  it('shows exactly the buttons the server lets run, for every caller, state and action', async () => {
    const mismatches: string[] = [];
    let allowedCount = 0;
    for (const setup of SETUPS) {
      let id = await contractIn(setup);
      for (const who of callers) {
        for (const action of ACTIONS) {
          const shows = await consoleShows(who, id, action);
          const server = await serverAllows(who, id, action);
          if (shows !== server.allowed) mismatches.push(`${who.name} ${setup} ${action}: console ${shows}, server ${server.status}`);
          if (server.allowed) allowedCount += 1;
          // A run that changed the contract: the next case starts from a fresh one in this state.
          if (server.status === 200) id = await contractIn(setup);
        }
      }
    }
    expect(mismatches).toEqual([]);
    // The table is not all refusals: both parties and the buyer's purchaser act on open contracts.
    expect(allowedCount).toBeGreaterThanOrEqual(12);
  }, 300_000);
});
