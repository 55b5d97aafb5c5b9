// The demo world's people: fixed phones and one known password (which is why --demo is refused
// in production). GET /api/meta/demo shows them on the login page; the seeder prints them.
import type { DemoLogin } from '../../../shared/api';
import { PLATFORM_OPS_NAME } from '../../i18n';

export const DEMO_PASSWORD = 'Demo#2026';
/** The payment password (交易密码) the seeder sets for every demo person: money steps confirm without SMS. */
export const DEMO_PAYMENT_PASSWORD = '802461';
/** Platform operations when ADMIN_PHONE/ADMIN_PASSWORD are not configured. */
export const DEMO_OPS = { phone: '13800000000', password: 'Ops#2026' };

export const DEMO_PEOPLE = {
  buyer: { phone: '13900000001', name: '杭州西湖钢材贸易有限公司' },
  seller: { phone: '13900000002', name: '苏州工业园区华东金属材料有限公司' },
  personal: { phone: '13900000003', name: '李晓梅' },
  purchaser: { phone: '13900000011', name: '王采购' },
  finance: { phone: '13900000012', name: '赵财务' },
  viewer: { phone: '13900000013', name: '钱审计' },
  sellerOperator: { phone: '13900000021', name: '孙销售' },
} as const;

export type DemoRole = keyof typeof DEMO_PEOPLE | 'ops';

/**
 * An enterprise of the demo world nobody signs in as (the login page does not list it): the
 * wholesaler the seller and the person buy from. It never opens the mutual service, so what they
 * owe it is never cleared or settled by a clearing run: their confirmed bills to it wait to be
 * paid by hand (确权支付), as a supplier's outside the mutual service do.
 */
export const DEMO_WHOLESALER = { phone: '13900000031', name: '宁波甬江五金机电批发有限公司' } as const;

/**
 * Who signs in with what (and confirms money steps with which payment password), in the order the
 * login page lists them. Operations configured with
 * ADMIN_PHONE/ADMIN_PASSWORD are listed without their password.
 */
export function demoLogins(ops: { adminPhone?: string; adminPassword?: string }): DemoLogin[] {
  const people: DemoLogin[] = Object.entries(DEMO_PEOPLE).map(([role, p]) => ({ role, phone: p.phone, password: DEMO_PASSWORD, paymentPassword: DEMO_PAYMENT_PASSWORD, name: p.name }));
  const phone = ops.adminPhone ?? DEMO_OPS.phone;
  const known = phone === DEMO_OPS.phone && (ops.adminPassword ?? DEMO_OPS.password) === DEMO_OPS.password;
  return [...people, { role: 'ops', phone, ...(known ? { password: DEMO_OPS.password } : {}), name: PLATFORM_OPS_NAME }];
}
