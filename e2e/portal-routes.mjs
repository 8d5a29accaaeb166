// The portal's routes (English paths; the Japanese ones are the same under /ja), one list for the
// accessibility test (tests/a11y.spec.mjs) and `make audit` (../audit/run.mjs).

export const PORTAL_ROUTES = [
  '/',
  '/markdown-page',
  '/demo/legal',
  '/docs',
  '/docs/payments',
  '/docs/payments/refunds',
  '/docs/payments/idempotency',
  '/docs/payments/webhooks',
  '/docs/payments/webhook-endpoints',
  '/docs/order',
  '/docs/order/creating-order',
  '/docs/order/delivery-addresses',
  '/docs/order/menu-archive',
  '/docs/inbound',
  '/docs/inbound/shops-and-courses',
  '/docs/inbound/booking',
  '/docs/inbound/notifications',
  '/docs/inbound/cancelling',
  '/docs/inbound/refusals',
  '/docs/testing/test-clocks',
  '/docs/testing/local-loop',
  '/docs/testing/clients',
  '/docs/operations/deployment',
  '/docs/operations/guarantees',
  '/references/pay',
  '/references/pay/refund',
  '/references/order',
  '/references/order/get-order-shop',
  '/references/inbound',
  '/references/inbound/get-availability',
  '/references/inbound/create-reservation',
  '/blog',
  '/search',
];

/** The Japanese path of an English route. */
export const japanese = (route) => `/ja${route === '/' ? '/' : route}`;
