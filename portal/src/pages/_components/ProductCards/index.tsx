/**
 * The three products on the home page, each with its guide and its API reference.
 */
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Translate, {translate} from '@docusaurus/Translate';
import Heading from '@theme/Heading';

import styles from './styles.module.css';

type Product = {
  key: string;
  title: string;
  audience: string;
  description: string;
  guide: string;
  reference: string;
};

function useProducts(): Product[] {
  return [
    {
      key: 'pay',
      title: translate({id: 'home.products.pay.title', message: 'Payment API'}),
      audience: translate({id: 'home.products.pay.audience', message: 'For merchants'}),
      description: translate({
        id: 'home.products.pay.description',
        message:
          'Create a payment and send your customer to its hosted checkout URL. One integration covers many payment brands, from credit cards to PayPay, LINE Pay and Alipay. Noren calls your webhook when a payment is paid or refunded.',
      }),
      guide: '/docs',
      reference: '/references/pay',
    },
    {
      key: 'order',
      title: translate({id: 'home.products.order.title', message: 'Ordering API'}),
      audience: translate({id: 'home.products.order.audience', message: 'For restaurants'}),
      description: translate({
        id: 'home.products.order.description',
        message:
          'Read shops and menus, take dine-in cafeteria orders with a shared cart, and import a whole menu from a spreadsheet. A finished order is paid through the Payment API.',
      }),
      guide: '/docs/order',
      reference: '/references/order',
    },
    {
      key: 'inbound',
      title: translate({id: 'home.products.inbound.title', message: 'Inbound API'}),
      audience: translate({
        id: 'home.products.inbound.audience',
        message: 'For partner platforms',
      }),
      description: translate({
        id: 'home.products.inbound.description',
        message:
          'Read restaurants with their business hours, tags and courses, check availability for a date and party size, and create, read and cancel reservations.',
      }),
      guide: '/docs/inbound',
      reference: '/references/inbound',
    },
  ];
}

export default function ProductCards(): ReactNode {
  const products = useProducts();
  return (
    <section className={styles.section}>
      <div className="container">
        <Heading as="h2">
          <Translate id="home.products.title">What Noren offers</Translate>
        </Heading>
        <div className={styles.grid}>
          {products.map((product) => (
            <article key={product.key} className={styles.card}>
              <p className={styles.audience}>{product.audience}</p>
              <Heading as="h3" className={styles.title}>
                {product.title}
              </Heading>
              <p className={styles.description}>{product.description}</p>
              <div className={styles.links}>
                <Link className="button button--primary button--sm" to={product.guide}>
                  <Translate id="home.products.guideLink">Guide</Translate>
                </Link>
                <Link className="button button--outline button--primary button--sm" to={product.reference}>
                  <Translate id="home.products.referenceLink">API reference</Translate>
                </Link>
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
