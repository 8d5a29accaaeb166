import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

/**
 * One sidebar for all guides (seed 000 §2). Category labels are translated in
 * i18n/ja/docusaurus-plugin-content-docs/current.json.
 */
const sidebars: SidebarsConfig = {
  docs: [
    'index',
    {
      type: 'category',
      label: 'Payments',
      link: {type: 'doc', id: 'payments/index'},
      collapsed: false,
      items: ['payments/refunds', 'payments/idempotency', 'payments/webhooks', 'payments/webhook-endpoints'],
    },
    {
      type: 'category',
      label: 'Ordering API',
      link: {type: 'doc', id: 'order/index'},
      collapsed: false,
      items: ['order/creating-order', 'order/delivery-addresses', 'order/menu-archive'],
    },
    {
      type: 'category',
      label: 'Inbound API',
      link: {type: 'doc', id: 'inbound/index'},
      collapsed: false,
      items: ['inbound/shops-and-courses', 'inbound/booking', 'inbound/notifications', 'inbound/cancelling', 'inbound/refusals'],
    },
    {
      type: 'category',
      label: 'Testing',
      collapsed: false,
      items: ['testing/test-clocks', 'testing/local-loop', 'testing/clients'],
    },
    {
      type: 'category',
      label: 'Operations',
      collapsed: false,
      items: ['operations/deployment', 'operations/guarantees'],
    },
  ],
};

export default sidebars;
