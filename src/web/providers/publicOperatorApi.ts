import { http } from './http';

// The operator's bind (/user/bindOperator), a page open to visitors that loads without refine,
// like the calls of publicApi.ts: no token, the form shows the outcome beside its fields.

export const bindOperator = (input: { phone: string; code: string; password: string }) => http.post<null>('/system/users/bindSubAccount', input, { silent: true });
