// Replaces the original (no @theme-original): the page's whole content is Noren's, as Docusaurus means its 404 page to be customised.
/**
 * Swizzled (ejected) from @docusaurus/theme-classic: the not-found page in Noren's words, with
 * the places a reader most likely wanted (seed 000 §2: any other path shows a not-found page).
 * The noren server answers such paths with this page and status 404 (http/statics.rs).
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import Heading from '@theme/Heading';
import type {Props} from '@theme/NotFound/Content';

import styles from './styles.module.css';

export default function NotFoundContent({className}: Props): ReactNode {
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <div className={styles.content}>
        <Heading as="h1" className="hero__title">
          {/* The same id as the tab title that theme-classic's NotFound sets. */}
          <Translate id="theme.NotFound.title" description="The title of the 404 page">
            Page Not Found
          </Translate>
        </Heading>
        <p>
          <Translate id="notFound.explanation">
            There is no page at this address. The link may be out of date, or the address
            mistyped. These pages are here:
          </Translate>
        </p>
        <ul className={styles.links}>
          <li>
            <Link to="/docs">
              <Translate id="notFound.links.docs">Guides</Translate>
            </Link>
            <span className={styles.hint}>
              <Translate id="notFound.links.docs.hint">
                Keys, errors, payments, refunds, webhooks, ordering and inbound
              </Translate>
            </span>
          </li>
          <li>
            <Link to="/references/pay">
              <Translate id="notFound.links.pay">Payment API reference</Translate>
            </Link>
          </li>
          <li>
            <Link to="/references/order">
              <Translate id="notFound.links.order">Ordering API reference</Translate>
            </Link>
          </li>
          <li>
            <Link to="/references/inbound">
              <Translate id="notFound.links.inbound">Inbound API reference</Translate>
            </Link>
          </li>
          <li>
            <Link to="/">
              <Translate id="notFound.links.home">Developer portal home</Translate>
            </Link>
          </li>
        </ul>
      </div>
    </main>
  );
}
