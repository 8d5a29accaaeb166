// The official TypeScript client of Noren: the payment API (`pay`), the ordering API (`order`)
// and the inbound reservation API (`inbound`), each an openapi-fetch client typed by the types
// generated from the committed specs (src/generated, `npm run generate`). What this file adds:
//
// - every write (POST, PUT, PATCH, DELETE) carries an `Idempotency-Key` (one per call, the same
//   on each of its retries), so that a retried write is done once;
// - 429 and 503 answers are retried with backoff, honouring `Retry-After`; a write whose
//   connection broke is retried too (it has its key), a read always;
// - a non-2xx answer throws a `NorenError` carrying the error body (`code`, `message`,
//   `errors`, `reason`) and the request id;
// - `verifyWebhook` checks a delivery with the official `standardwebhooks` library;
// - `TestClock` drives a shop's or a platform's test clock.

import createClient, { type Client } from 'openapi-fetch';
import { Webhook } from 'standardwebhooks';
import type { paths as PayPaths, components as PayComponents } from './generated/pay.js';
import type { paths as OrderPaths } from './generated/order.js';
import type { paths as InboundPaths, components as InboundComponents } from './generated/inbound.js';

export { SPECS } from './generated/specs.js';
export type { PayPaths, OrderPaths, InboundPaths, PayComponents, InboundComponents };

/** The client's version (the package's). */
export const VERSION = '1.0.0';

export interface NorenOptions {
  /** The Noren to call; default `NOREN_API_BASE` (as for the `noren` command), else
   * `http://127.0.0.1:8080` (`make run`). */
  baseUrl?: string;
  /** A merchant key (`sk_test_…`, `sk_live_…`, `dk_…`): the payment and ordering APIs, and the
   * restaurant's inbound calls (`/api/admin/inbound/…`). Sent as `X-Auth-API-Key`. Default
   * `NOREN_KEY`. */
  apiKey?: string;
  /** A partner platform's key (`ipk_test_…`, …): the inbound partner calls. Sent as
   * `Authorization: Bearer`. Default `NOREN_PARTNER_KEY`. */
  partnerKey?: string;
  /** How many times a call is retried after a 429, a 503 or a broken connection; default 3. */
  maxRetries?: number;
  /** The longest wait before a retry, in milliseconds (a longer `Retry-After` is not waited
   * for: the answer is thrown); default 30,000. */
  maxRetryDelayMs?: number;
  /** The fetch to use; default the global one. */
  fetch?: typeof fetch;
}

/** One invalid field of a request: its exact path and what is wrong. */
export interface FieldError {
  field: string;
  message: string;
}

/** A non-2xx answer, with its error body. */
export class NorenError extends Error {
  /** The HTTP status. */
  readonly status: number;
  /** The error class: `client`, `unauthorized`, `forbidden`, `not_found`, `conflict`,
   * `too_many_requests`, `server`, … */
  readonly code: string;
  /** Every invalid field, for a validation error. */
  readonly errors: FieldError[];
  /** An inbound refusal's stable reason (`slot_unavailable`, `cancellation_not_allowed`, …). */
  readonly reason?: string;
  /** The answer's `X-Request-Id`: quote it to support. */
  readonly requestId?: string;
  /** The whole error body as answered. */
  readonly body: unknown;

  constructor(status: number, body: unknown, requestId?: string) {
    const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const message = typeof b.message === 'string' ? b.message : `HTTP ${status}`;
    super(message);
    this.name = 'NorenError';
    this.status = status;
    this.code = typeof b.code === 'string' ? b.code : 'server';
    this.errors = Array.isArray(b.errors) ? (b.errors as FieldError[]) : [];
    this.reason = typeof b.reason === 'string' ? b.reason : undefined;
    this.requestId = requestId;
    this.body = body;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A new idempotency key (a random UUID). */
export function idempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/** The wait before retry `attempt` (0-based): `Retry-After` when it is given, else exponential
 * backoff from 250 ms with jitter. */
export function retryDelayMs(attempt: number, retryAfter: string | null): number {
  if (retryAfter !== null) {
    const secs = Number(retryAfter);
    if (Number.isFinite(secs) && secs >= 0) return secs * 1000;
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.max(0, at - Date.now());
  }
  const base = 250 * 2 ** attempt;
  return base / 2 + Math.random() * (base / 2);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fetch that adds the key headers and an idempotency key, retries, and throws `NorenError`. */
function norenFetch(options: NorenOptions, auth: (headers: Headers) => void): typeof fetch {
  const base = options.fetch ?? globalThis.fetch;
  const maxRetries = options.maxRetries ?? 3;
  const maxDelay = options.maxRetryDelayMs ?? 30_000;
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    auth(request.headers);
    const write = WRITES.has(request.method);
    if (write && !request.headers.has('Idempotency-Key')) {
      request.headers.set('Idempotency-Key', idempotencyKey());
    }
    request.headers.set('User-Agent', `noren-typescript/${VERSION}`);
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await base(request.clone());
      } catch (err) {
        if (attempt >= maxRetries) throw err;
        await sleep(retryDelayMs(attempt, null));
        continue;
      }
      if ((response.status === 429 || response.status === 503) && attempt < maxRetries) {
        const wait = retryDelayMs(attempt, response.headers.get('Retry-After'));
        if (wait <= maxDelay) {
          await response.body?.cancel();
          await sleep(wait);
          continue;
        }
      }
      if (!response.ok) {
        const text = await response.text();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // Not JSON (a proxy's page): kept as text.
        }
        throw new NorenError(response.status, body, response.headers.get('X-Request-Id') ?? undefined);
      }
      return response;
    }
  };
}

/** The three APIs' clients. */
export interface Noren {
  pay: Client<PayPaths>;
  order: Client<OrderPaths>;
  inbound: Client<InboundPaths>;
  options: Required<Pick<NorenOptions, 'baseUrl'>> & NorenOptions;
}

/** Makes the clients of the three APIs. Non-2xx answers throw `NorenError`, so `data` of a
 * call that returned is its 2xx answer (`must` says so to the type checker). */
export function createNoren(given: NorenOptions = {}): Noren {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
  const options: NorenOptions = {
    ...given,
    apiKey: given.apiKey ?? env.NOREN_KEY,
    partnerKey: given.partnerKey ?? env.NOREN_PARTNER_KEY,
  };
  const baseUrl = (given.baseUrl ?? env.NOREN_API_BASE ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
  const merchant = (h: Headers) => {
    if (options.apiKey && !h.has('X-Auth-API-Key')) h.set('X-Auth-API-Key', options.apiKey);
  };
  const partner = (h: Headers) => {
    // The restaurant's side of the inbound API takes the merchant key; the partner's the
    // partner key. Both are sent when both are set: each call reads its own.
    merchant(h);
    if (options.partnerKey && !h.has('Authorization')) h.set('Authorization', `Bearer ${options.partnerKey}`);
  };
  return {
    pay: createClient<PayPaths>({ baseUrl, fetch: norenFetch(options, merchant) }),
    order: createClient<OrderPaths>({ baseUrl, fetch: norenFetch(options, merchant) }),
    inbound: createClient<InboundPaths>({ baseUrl, fetch: norenFetch(options, partner) }),
    options: { ...options, baseUrl },
  };
}

/** The answer of a call that returned (non-2xx answers throw): its `data`, typed without
 * `undefined`. */
export function must<T>(result: { data?: T; error?: unknown }): T {
  if (result.data === undefined) {
    throw new NorenError(0, result.error ?? { code: 'server', message: 'no answer body' });
  }
  return result.data;
}

/** The headers of a delivery, as a plain object of lower-case names. */
type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function headerObject(headers: HeaderBag): Record<string, string> {
  const out: Record<string, string> = {};
  if (headers instanceof Headers) {
    headers.forEach((v, k) => (out[k.toLowerCase()] = v));
  } else {
    for (const [k, v] of Object.entries(headers)) {
      if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
    }
  }
  return out;
}

/** Verifies a webhook delivery (or a `noren listen` forward) with the endpoint's secret
 * (`whsec_…`), using the official Standard Webhooks library: the signature, and a timestamp
 * within 5 minutes. Returns the parsed event; throws when the delivery is not genuine. Pass the
 * body exactly as received (the raw text, not a re-serialized object). */
export function verifyWebhook<T = Record<string, unknown>>(
  body: string,
  headers: HeaderBag,
  secret: string,
): T {
  return new Webhook(secret).verify(body, headerObject(headers)) as T;
}

type PayClock = PayComponents['schemas']['TestClock'];
type PlatformClock = InboundComponents['schemas']['TestClock'];

/** A test clock: a shop's (`TestClock.shop`, with a merchant test key) or a platform's
 * (`TestClock.platform`, with a partner test key). While it exists, everything of its owner's
 * test mode runs on its time; `advance` runs every timer that came due, in order. */
export class TestClock {
  private constructor(
    private readonly noren: Noren,
    private readonly platform: string | null,
    /** The clock as last answered. */
    public state: PayClock | PlatformClock,
  ) {}

  /** The clock's id (`clock_…`). */
  get id(): string {
    return this.state.id;
  }

  /** The clock's time. */
  get now(): Date {
    const s = this.state as Partial<PayClock & PlatformClock>;
    return new Date((s.frozen_time ?? s.frozenTime) as string);
  }

  /** Puts the shop's test mode on a new clock at `frozenTime` (a shop has one clock: an older
   * one is deleted first when `replace` is set). */
  static async shop(
    noren: Noren,
    frozenTime: Date | string,
    options: { name?: string; replace?: boolean } = {},
  ): Promise<TestClock> {
    if (options.replace) await TestClock.deleteShopClock(noren);
    const { data } = await noren.pay.POST('/v3/test_clock', {
      params: { query: { frozen_time: iso(frozenTime), name: options.name } },
    });
    return new TestClock(noren, null, must({ data }));
  }

  /** Puts the platform's test mode on a new clock at `frozenTime`. */
  static async platform(
    noren: Noren,
    platform: string,
    frozenTime: Date | string,
    options: { name?: string; replace?: boolean } = {},
  ): Promise<TestClock> {
    if (options.replace) await TestClock.deletePlatformClock(noren, platform);
    const { data } = await noren.inbound.POST('/v3/inbound-external/{platform}/test_clock', {
      params: { path: { platform } },
      body: { frozenTime: iso(frozenTime), name: options.name },
    });
    return new TestClock(noren, platform, must({ data }));
  }

  /** Moves the clock to `to` (at most 2 years ahead, never back) and runs every timer that
   * came due, in order; resolves when they have run. */
  async advance(to: Date | string): Promise<this> {
    if (this.platform === null) {
      const { data } = await this.noren.pay.POST('/v3/test_clock/advance', {
        params: { query: { frozen_time: iso(to) } },
      });
      this.state = must({ data });
    } else {
      const { data } = await this.noren.inbound.POST('/v3/inbound-external/{platform}/test_clock/advance', {
        params: { path: { platform: this.platform } },
        body: { frozenTime: iso(to) },
      });
      this.state = must({ data });
    }
    return this;
  }

  /** Moves the clock `ms` milliseconds ahead (`advance`). */
  advanceBy(ms: number): Promise<this> {
    return this.advance(new Date(this.now.getTime() + ms));
  }

  /** Deletes the clock: the owner's test mode is back on real time. */
  async delete(): Promise<void> {
    if (this.platform === null) await TestClock.deleteShopClock(this.noren);
    else await TestClock.deletePlatformClock(this.noren, this.platform);
  }

  private static async deleteShopClock(noren: Noren): Promise<void> {
    try {
      await noren.pay.DELETE('/v3/test_clock');
    } catch (err) {
      if (!(err instanceof NorenError && err.status === 404)) throw err;
    }
  }

  private static async deletePlatformClock(noren: Noren, platform: string): Promise<void> {
    try {
      await noren.inbound.DELETE('/v3/inbound-external/{platform}/test_clock', {
        params: { path: { platform } },
      });
    } catch (err) {
      if (!(err instanceof NorenError && err.status === 404)) throw err;
    }
  }
}

function iso(t: Date | string): string {
  return typeof t === 'string' ? t : t.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
