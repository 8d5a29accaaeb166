//! The checkout's own JSON endpoints (checkout/API.md), called with openapi-fetch. The types come
//! from the internal spec `openapi/internal/checkout.json` (generated from the Rust code) through
//! `api-types.ts`, which `npm run gen:api` writes and `npm run check:api` keeps in step: none are
//! written by hand here.

import createClient from 'openapi-fetch';
import type { components, paths } from './api-types';

type Schemas = components['schemas'];

export type Checkout = Schemas['CheckoutView'];
export type State = Schemas['CheckoutState'];
export type Brand = Schemas['Brand'];
/** status: 0 unpaid, 10 paid, 30 refunded, 90 cancelled or declined. */
export type Attempt = Schemas['Attempt'];
export type Receipt = Schemas['Receipt'];

/** A failed call: `status` 0 when the server could not be reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const client = createClient<paths>({
  headers: { Accept: 'application/json' },
  cache: 'no-store',
  // Looked up at each call, and a failed fetch (no answer at all) becomes status 0.
  fetch: (request: Request) =>
    globalThis.fetch(request).catch(() => {
      throw new ApiError(0, 'network', 'network error');
    }),
});

interface Answer {
  data?: Checkout;
  error?: unknown;
  response: Response;
}

/** The checkout of a 2xx answer; any other answer (or a 2xx without a JSON object) throws. */
async function call(request: () => Promise<Answer>): Promise<Checkout> {
  let answer: Answer;
  try {
    answer = await request();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    // A 2xx whose body is not JSON.
    throw new ApiError(502, 'error', 'invalid response');
  }
  const { data, error, response: res } = answer;
  if (res.ok && data !== null && typeof data === 'object') return data;
  const err = (error !== null && typeof error === 'object' ? error : {}) as { code?: unknown; message?: unknown };
  throw new ApiError(
    res.ok ? 502 : res.status,
    typeof err.code === 'string' ? err.code : 'error',
    typeof err.message === 'string' ? err.message : res.statusText,
  );
}

export const getCheckout = (token: string) =>
  call(() => client.GET('/checkout/api/{token}', { params: { path: { token } } }));

export const startAttempt = (token: string, paymentMethod: string, tip: number) =>
  call(() =>
    client.POST('/checkout/api/{token}/attempts', {
      params: { path: { token } },
      body: { payment_method: paymentMethod, tip },
    }),
  );

export const finishAttempt = (token: string, paymentNumber: string, action: 'approve' | 'decline') =>
  call(() =>
    client.POST(`/checkout/api/{token}/attempts/{payment_number}/${action}`, {
      params: { path: { token, payment_number: paymentNumber } },
    }),
  );
