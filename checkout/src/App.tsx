//! The hosted checkout page. For now an empty shell: it reads the token and says the page is
//! coming soon; the real checkout (brands, attempts, tips) comes in a later issue.

import { useEffect } from 'react';
import styles from './App.module.css';
import { t, type Lang } from './i18n';

export interface AppProps {
  lang: Lang;
  token: string | null;
}

export function App({ lang, token }: AppProps) {
  const title = t(lang, 'checkout.title');

  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = title;
  }, [lang, title]);

  return (
    <div className={styles.page}>
      <main className={styles.card} data-token={token ?? ''}>
        <h1 className={styles.brand}>{title}</h1>
        {token === null ? (
          <p className={styles.error} role="alert">
            {t(lang, 'checkout.invalidLink')}
          </p>
        ) : (
          <>
            <p className={styles.message}>{t(lang, 'checkout.comingSoon')}</p>
            <p className={styles.detail}>{t(lang, 'checkout.comingSoonDetail')}</p>
          </>
        )}
      </main>
      <footer className={styles.footer}>{t(lang, 'checkout.footer')}</footer>
    </div>
  );
}
