// The payment-requests domain (jjsk, DESIGN §9; schemas/resources/paymentRequests.json): a payee
// asks a payer for money under a contract or bill (steps.ts, at most what is open: headroom.ts),
// the payer confirms or rejects it and pays it whole or in part (pay.ts, a bill through
// settlement's payBill); messages and todos for each step (news.ts); the form's headroom and a
// request's payments (routes.ts); an ops reversal of a bill payment made for a request (reversal.ts).
import type { Domain } from '../../domain';
import { requestNews } from './news';
import { payRequest } from './pay';
import { reverseRequestPayments } from './reversal';
import requestRoutes from './routes';
import { cancelRequest, confirmRequest, createRequest, rejectRequest, submitRequest } from './steps';

export const requests: Domain = {
  name: 'requests',
  routes: [requestRoutes],
  createHandlers: { 'paymentRequests.create': createRequest },
  handlers: {
    'paymentRequests.submit': submitRequest,
    'paymentRequests.confirm': confirmRequest,
    'paymentRequests.reject': rejectRequest,
    'paymentRequests.cancel': cancelRequest,
    'paymentRequests.pay': payRequest,
  },
  // A bill payment made for a request and reversed by ops is owed on the request again (reversal.ts).
  news: { paymentRequests: requestNews },
  listeners: { bills: reverseRequestPayments },
};
