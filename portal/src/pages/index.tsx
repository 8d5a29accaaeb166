/**
 * Home page (`/`): what Noren offers an integrating developer, and where to start.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Translate, {translate} from '@docusaurus/Translate';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';

import ProductCards from './_components/ProductCards';
import QuickStart from './_components/QuickStart';
import styles from './index.module.css';

function HomeHeader(): ReactNode {
  return (
    <header className={clsx('hero', styles.hero)}>
      <div className="container">
        <Heading as="h1" className={styles.heroTitle}>
          <Translate id="home.hero.title">Build on Noren</Translate>
        </Heading>
        <p className={styles.heroTagline}>
          <Translate id="home.hero.tagline">
            One platform for merchants in Japan: take payments with a hosted checkout, run
            dine-in restaurant orders, and let partner platforms book tables.
          </Translate>
        </p>
        <div className={styles.heroButtons}>
          <Link className="button button--primary button--lg" to="/docs">
            <Translate id="home.hero.docsButton">Read the guides</Translate>
          </Link>
          <Link className="button button--secondary button--lg" to="/references/pay">
            <Translate id="home.hero.referenceButton">Payment API reference</Translate>
          </Link>
        </div>
      </div>
    </header>
  );
}

function GoodToKnow(): ReactNode {
  return (
    <section className={styles.section}>
      <div className="container">
        <Heading as="h2">
          <Translate id="home.facts.title">Good to know</Translate>
        </Heading>
        <ul className={styles.facts}>
          <li>
            <Translate id="home.facts.yen">
              Amounts are integers in Japanese yen. A payment is at least 50 yen.
            </Translate>
          </li>
          <li>
            <Translate id="home.facts.errors">
              Every error answer has the same JSON body: code, message and, for validation
              errors, a list of the fields at fault.
            </Translate>
          </li>
          <li>
            <Translate id="home.facts.languages">
              Menus, shops and courses come in English, Simplified Chinese, Japanese, Korean and
              Traditional Chinese.
            </Translate>
          </li>
          <li>
            <Translate id="home.facts.jst">
              Reservation times are Japan Standard Time (JST).
            </Translate>
          </li>
        </ul>
        <p>
          <Link to="/blog">
            <Translate id="home.facts.blogLink">Read the developer updates</Translate>
          </Link>
        </p>
      </div>
    </section>
  );
}

export default function Home(): ReactNode {
  return (
    <Layout
      title={translate({id: 'home.meta.title', message: 'Developer portal'})}
      description={translate({
        id: 'home.meta.description',
        message:
          'Guides and API references for the Noren payment, restaurant ordering and inbound reservation APIs.',
      })}>
      {/* The hero's <header> inside <main>: a page-level header would be a second `banner`
          landmark beside the announcement bar's (axe landmark-no-duplicate-banner). */}
      <main>
        <HomeHeader />
        <ProductCards />
        <QuickStart />
        <GoodToKnow />
      </main>
    </Layout>
  );
}
