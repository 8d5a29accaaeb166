// Replaces the original (no @theme-original): the whole fallback is different (translated text, Retry reloads), nothing of it is kept.
/**
 * Overrides the core fallback `@theme/Loading`, which react-loadable renders in place of a
 * route whose code is still loading or failed to load (seed 000 §2: "If a route fails to
 * load, the page shows the error text with a Retry button and reloads").
 *
 * The upstream fallback shows the raw error on red in English only. Here the message is
 * translated, the error's own text is kept below it for a bug report, and Retry reloads the
 * page rather than calling react-loadable's in-place `retry`: a chunk that failed because a
 * newer build replaced it never loads again under its old name, while a reload fetches the
 * page's current HTML and with it the current chunk names, so one button covers both a
 * network failure and a redeployment (Docusaurus' PendingNavigation reloads for the same
 * reason). src/clientModules/routeLoadFailure.ts is what lets this component be reached.
 */
import type {ReactNode} from 'react';
import Translate from '@docusaurus/Translate';

import styles from './styles.module.css';

type Props = {
  /** The load error, or null while loading. */
  error?: unknown;
  /** True once react-loadable's delay (200 ms) has passed without the code arriving. */
  pastDelay?: boolean;
};

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export default function Loading({error, pastDelay}: Props): ReactNode {
  if (error) {
    return (
      <div className={styles.failure} role="alert">
        <p className={styles.message}>
          <Translate id="routeLoad.error.message">
            This page could not be loaded. Check your connection and try again.
          </Translate>
        </p>
        <p className={styles.detail}>{errorText(error)}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => window.location.reload()}>
          <Translate id="routeLoad.error.retry">Retry</Translate>
        </button>
      </div>
    );
  }
  if (pastDelay) {
    return (
      <div className={styles.pending} role="status">
        <Translate id="routeLoad.loading">Loading…</Translate>
      </div>
    );
  }
  return null;
}
