/**
 * "First calls" on the home page: sandbox keys, a key check and a first payment.
 */
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';

import styles from './styles.module.css';

// Code, the same in every language: the command, header and field the steps name.
const SANDBOX_COMMAND = 'make run';
const KEY_HEADER = 'X-Auth-API-Key';
const URL_FIELD = 'url';

const WHOAMI = `curl http://127.0.0.1:8080/v3/api_keys/whoami \\
  -H "X-Auth-API-Key: $NOREN_KEY"`;

const CREATE = `curl -X POST \\
  "http://127.0.0.1:8080/v3/predefined_payments/create_online_payment?amount=1000&order_no=A-0001" \\
  -H "X-Auth-API-Key: $NOREN_KEY"`;

export default function QuickStart(): ReactNode {
  return (
    <section className={styles.section}>
      <div className="container">
        <Heading as="h2">
          <Translate id="home.quickStart.title">Your first calls</Translate>
        </Heading>
        <ol className={styles.steps}>
          <li className={styles.step}>
            <Heading as="h3">
              <Translate id="home.quickStart.keys.title">Get sandbox keys</Translate>
            </Heading>
            <p>
              <Translate
                id="home.quickStart.keys.body"
                values={{command: <code>{SANDBOX_COMMAND}</code>}}>
                {'Run {command} in the Noren repository. It starts a local server on port 8080 with demo shops and menus, and prints test keys you can use at once.'}
              </Translate>
            </p>
          </li>
          <li className={styles.step}>
            <Heading as="h3">
              <Translate id="home.quickStart.whoami.title">Check your key</Translate>
            </Heading>
            <p>
              <Translate
                id="home.quickStart.whoami.body"
                values={{header: <code>{KEY_HEADER}</code>}}>
                {'Send the key in the {header} header. The answer names the company, shop and device the key belongs to; a bad key gets 401.'}
              </Translate>
            </p>
            <CodeBlock language="bash">{WHOAMI}</CodeBlock>
          </li>
          <li className={styles.step}>
            <Heading as="h3">
              <Translate id="home.quickStart.payment.title">Create a payment</Translate>
            </Heading>
            <p>
              <Translate
                id="home.quickStart.payment.body"
                values={{url: <code>{URL_FIELD}</code>}}>
                {'The answer holds the payment and its checkout {url}. Send your customer there to pay.'}
              </Translate>
            </p>
            <CodeBlock language="bash">{CREATE}</CodeBlock>
          </li>
        </ol>
        <p>
          <Link to="/docs">
            <Translate id="home.quickStart.more">Keys, errors and the payment flow in detail</Translate>
          </Link>
        </p>
      </div>
    </section>
  );
}
