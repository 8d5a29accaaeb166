//! The checkout's own JSON endpoints (checkout/API.md).

export type State = 'open' | 'paid' | 'refunded' | 'expired' | 'invalidated';

export interface Brand {
  payment: string;
  name: string;
  image_url: string;
}

/** status: 0 unpaid, 10 paid, 30 refunded, 90 cancelled or declined. */
export interface Attempt {
  payment_number: string;
  payment_method: string;
  brand_name: string;
  status: number;
  amount: number;
}

export interface Receipt {
  payment_number: string;
  payment_method: string;
  brand_name: string;
  amount: number;
  tip: number;
  amount_total: number;
  paid_at: string | null;
}

export interface Checkout {
  token: string;
  /** New states may appear; anything unknown is shown as unavailable. */
  state: State | (string & {});
  livemode: boolean;
  shop: { name: string; name_ja: string | null };
  order_no: string | null;
  amount: number;
  tip_vas_enabled: boolean;
  tip: number;
  amount_total: number;
  can_choose_brand: boolean;
  redirection_url: string | null;
  expires_at: string | null;
  brands: Brand[];
  attempt: Attempt | null;
  receipt: Receipt | null;
}

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

async function call(path: string, body?: unknown): Promise<Checkout> {
  let res: Response;
  try {
    res = await fetch(`/checkout/api/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, 'network', 'network error');
  }
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok || json === null || typeof json !== 'object') {
    const err = (json ?? {}) as { code?: unknown; message?: unknown };
    throw new ApiError(
      res.ok ? 502 : res.status,
      typeof err.code === 'string' ? err.code : 'error',
      typeof err.message === 'string' ? err.message : res.statusText,
    );
  }
  return json as Checkout;
}

const enc = encodeURIComponent;

export const getCheckout = (token: string) => call(enc(token));

export const startAttempt = (token: string, paymentMethod: string, tip: number) =>
  call(`${enc(token)}/attempts`, { payment_method: paymentMethod, tip });

export const finishAttempt = (token: string, paymentNumber: string, action: 'approve' | 'decline') =>
  call(`${enc(token)}/attempts/${enc(paymentNumber)}/${action}`, {});
