//! The hosted checkout page: a two-route single-page app (checkout/API.md).
//!
//! `/checkout/{token}` shows the payment and its brand choice; `/checkout/{token}/pay/{number}`
//! is the sandbox brand page of one attempt. Whatever the route, a payment that is no longer open
//! shows its state page (receipt, refunded, expired, invalidated).

import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError, finishAttempt, getCheckout, startAttempt, type Checkout } from './api';
import styles from './App.module.css';
import { initialLang, saveLang, t, type Lang, type MessageId } from './i18n';
import type { Ctx, Notice } from './page';
import { checkoutPath, parseRoute, payPath } from './token';
import { BrandChoice, Receipt, Sandbox, StatePage } from './views';

type Load =
  | { kind: 'loading' }
  | { kind: 'ready'; data: Checkout }
  | { kind: 'notfound' }
  | { kind: 'error' };

export function App() {
  const [lang, setLang] = useState<Lang>(initialLang);
  const [path, setPath] = useState(() => window.location.pathname);
  const route = parseRoute(path);
  const token = route.token;
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [justPaid, setJustPaid] = useState(false);
  const focusHeading = useRef(false);
  // The payment the page shows, for a step that fails (act) to tell whether it moved on.
  const current = useRef<Checkout | null>(null);
  useEffect(() => {
    current.current = load.kind === 'ready' ? load.data : null;
  }, [load]);

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  // The heading names the page: the title follows it, and after a step it takes the focus so
  // that keyboard and screen reader users start at the top of what changed.
  useEffect(() => {
    const h1 = document.querySelector<HTMLElement>('main h1');
    document.title = h1?.textContent ? `${h1.textContent} – Noren` : t(lang, 'title');
    if (focusHeading.current && load.kind !== 'loading') {
      focusHeading.current = false;
      h1?.focus();
    }
  });

  useEffect(() => {
    const onPop = () => {
      setPath(window.location.pathname);
      setNotice(null);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  // Loads the payment of the route's token (again after Retry). The page shows the skeleton
  // while it loads: setting that state here, with the request, is what this effect is for.
  useEffect(() => {
    if (token === null) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- see above
      setLoad({ kind: 'notfound' });
      return;
    }
    let live = true;
    setLoad({ kind: 'loading' });
    getCheckout(token).then(
      (data) => live && setLoad({ kind: 'ready', data }),
      (err: unknown) =>
        live && setLoad({ kind: err instanceof ApiError && err.status === 404 ? 'notfound' : 'error' }),
    );
    return () => {
      live = false;
    };
  }, [token, reloads]);

  const navigate = useCallback((to: string, next: Notice | null = null) => {
    if (to !== window.location.pathname) window.history.pushState(null, '', to);
    setPath(to);
    setNotice(next);
    focusHeading.current = true;
    window.scrollTo(0, 0);
  }, []);

  const chooseLang = (l: Lang) => {
    setLang(l);
    saveLang(l);
  };

  /**
   * Runs one step against the server. A 404 or 409 means the payment moved on (expired, paid,
   * blocked): the page reloads it and says so. Other failures come back as a message to show.
   */
  const act = useCallback(
    async (step: () => Promise<Checkout>, then: (data: Checkout) => void): Promise<MessageId | null> => {
      try {
        const data = await step();
        setLoad({ kind: 'ready', data });
        then(data);
        return null;
      } catch (err) {
        if (err instanceof ApiError && (err.status === 404 || err.status === 409) && token !== null) {
          const data = await getCheckout(token).catch(() => null);
          // A refusal that changed nothing (e.g. a brand not connected) is only a failed step.
          if (data !== null && where(data) !== where(current.current)) {
            setLoad({ kind: 'ready', data });
            setNotice({ id: 'stateChanged' });
            focusHeading.current = true;
            return null;
          }
        }
        return err instanceof ApiError && err.status === 0 ? 'actionNetwork' : 'actionFailed';
      }
    },
    [token],
  );

  const data = load.kind === 'ready' ? load.data : null;
  const pageKey = `${load.kind} ${path} ${data?.state} ${justPaid}`;
  let body: ReactNode;
  if (load.kind === 'loading') {
    body = <Skeleton lang={lang} />;
  } else if (load.kind === 'notfound' || token === null) {
    body = <StatePage lang={lang} title="notFoundTitle" note="notFoundNote" icon="search" />;
  } else if (load.kind === 'error') {
    body = (
      <StatePage lang={lang} title="errorTitle" note="errorNote" icon="alert">
        <button type="button" className={styles.primary} onClick={() => setReloads((n) => n + 1)}>
          {t(lang, 'retry')}
        </button>
      </StatePage>
    );
  } else {
    const d = load.data;
    const ctx: Ctx = {
      lang,
      data: d,
      navigate,
      shopName: lang === 'ja' && d.shop.name_ja ? d.shop.name_ja : d.shop.name,
      pay: (method, tip) =>
        act(
          () => startAttempt(token, method, tip),
          (next) => next.attempt && navigate(payPath(token, next.attempt.payment_number)),
        ),
      finish: (number, action) =>
        act(
          () => finishAttempt(token, number, action),
          (next) => {
            if (action === 'approve') {
              setJustPaid(true);
              setNotice(null);
              focusHeading.current = true;
            } else {
              const brand = next.attempt?.brand_name ?? '';
              navigate(checkoutPath(token), { id: 'declined', vars: { brand } });
            }
          },
        ),
    };
    const shop = { shop: ctx.shopName };
    if (d.state === 'paid' || d.state === 'refunded') {
      body = <Receipt ctx={ctx} redirect={justPaid && d.state === 'paid'} />;
    } else if (d.state === 'expired') {
      body = <StatePage lang={lang} title="expiredTitle" note="expiredNote" vars={shop} icon="clock" />;
    } else if (d.state !== 'open' || (!d.can_choose_brand && d.attempt?.status !== 0)) {
      body = <StatePage lang={lang} title="invalidatedTitle" note="invalidatedNote" vars={shop} icon="block" />;
    } else if (route.page === 'pay') {
      body = <Sandbox ctx={ctx} paymentNumber={route.paymentNumber} />;
    } else {
      body = <BrandChoice ctx={ctx} />;
    }
  }

  return (
    <div className={styles.page}>
      <header className={styles.top}>
        <span className={styles.logo}>
          <span className={styles.logoMark} aria-hidden="true" />
          Noren
        </span>
        {data && !data.livemode && <span className={styles.testBadge}>{t(lang, 'testMode')}</span>}
        <div className={styles.langs} role="group" aria-label={t(lang, 'language')}>
          {(['en', 'ja'] as const).map((l) => (
            <button key={l} type="button" lang={l} aria-pressed={lang === l} onClick={() => chooseLang(l)}>
              {l === 'en' ? 'EN' : '日本語'}
            </button>
          ))}
        </div>
      </header>
      <main className={styles.card} data-token={token ?? ''} aria-busy={load.kind === 'loading'}>
        <div role="status" aria-live="polite" className={notice ? styles.notice : styles.noticeEmpty}>
          {notice && t(lang, notice.id, notice.vars)}
        </div>
        {body}
      </main>
      {/* Below the card, so a step that changes the card's height moves it. Each page (the
          skeleton, each route, each state) draws a footer of its own, which arrives with the
          page's new content instead of sliding from where the last page ended. */}
      <footer key={pageKey} className={styles.footer}>
        {t(lang, 'footer')}
      </footer>
    </div>
  );
}

/** Where a payment stands, as far as the page is concerned. */
function where(d: Checkout | null): string {
  const a = d?.attempt;
  return d ? `${d.state} ${d.can_choose_brand} ${a?.payment_number} ${a?.status}` : '';
}

function Skeleton({ lang }: { lang: Lang }) {
  return (
    <>
      <h1 className={styles.srOnly} tabIndex={-1}>
        {t(lang, 'loading')}
      </h1>
      <div aria-hidden="true">
        <div className={styles.bone} style={{ width: '45%', height: 20 }} />
        <div className={styles.bone} style={{ width: '35%', height: 36, marginTop: 12 }} />
        <div className={styles.bone} style={{ width: '30%', height: 14, marginTop: 32 }} />
        {[0, 1, 2].map((i) => (
          <div key={i} className={styles.bone} style={{ height: 56, marginTop: 12 }} />
        ))}
        <div className={styles.bone} style={{ height: 48, marginTop: 32 }} />
      </div>
    </>
  );
}
