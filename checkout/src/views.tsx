//! The checkout's pages: brand choice, sandbox brand page, receipt, and the state pages.

import { useEffect, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import type { Brand } from './api';
import styles from './App.module.css';
import { dateTime, t, yen, type Lang, type MessageId } from './i18n';
import type { Ctx } from './page';
import { checkoutPath, payPath } from './token';

/** Tip choices, in percent of the amount (rounded down to whole yen). */
const TIPS = [0, 5, 10, 15];

const tipOf = (amount: number, pct: number) => Math.floor((amount * pct) / 100);

/** The largest payment: amount plus tip never goes past it, so larger tips are not offered. */
const MAX_TOTAL = 99_999_999;
const tipsFor = (amount: number) => TIPS.filter((p) => amount + tipOf(amount, p) <= MAX_TOTAL);

/** A same-page link: history.pushState instead of a reload. */
function Link({ to, ctx, className, children }: { to: string; ctx: Ctx; className?: string; children: ReactNode }) {
  const onClick = (e: MouseEvent) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    ctx.navigate(to);
  };
  return (
    <a href={to} className={className} onClick={onClick}>
      {children}
    </a>
  );
}

/**
 * The brand's badge (a same-origin path from the API, 120×48 today), in a box of fixed size so
 * nothing moves when it loads; its initial when there is none or it fails to load.
 */
function BrandMark({ brand, large }: { brand: Brand; large?: boolean }) {
  const [failed, setFailed] = useState(false);
  const [w, h] = large ? [100, 40] : [60, 24];
  const src = brand.image_url;
  if (!failed && /^\/[^/\\]/.test(src)) {
    return <img className={styles.mark} src={src} width={w} height={h} alt="" onError={() => setFailed(true)} />;
  }
  return (
    <span className={styles.markText} style={{ width: w, height: h }} aria-hidden="true">
      {brand.name.slice(0, 1)}
    </span>
  );
}

const ICONS = {
  check: 'M15 24.5l6 6 12-13',
  clock: 'M24 15v9.5l6 3.5M24 11a13 13 0 1 0 0 26a13 13 0 1 0 0-26',
  block: 'M17 17l14 14M31 17L17 31',
  search: 'M21.5 13a8.5 8.5 0 1 0 0 17a8.5 8.5 0 1 0 0-17M27.5 27.5l7 7',
  alert: 'M24 14v13M24 32.5v1',
  refund: 'M17 21h13a6 6 0 0 1 0 12h-5M17 21l5-5M17 21l5 5',
};

function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg className={name === 'check' ? styles.iconOk : styles.icon} width="48" height="48" viewBox="0 0 48 48" aria-hidden="true">
      <path d={ICONS[name]} fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={strong ? styles.rowStrong : styles.row}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A page with an icon, a heading and a sentence: expired, invalidated, not found, error. */
export function StatePage(props: {
  lang: Lang;
  title: MessageId;
  note: MessageId;
  vars?: Record<string, string>;
  icon: keyof typeof ICONS;
  children?: ReactNode;
}) {
  return (
    <div className={styles.center}>
      <Icon name={props.icon} />
      <h1 className={styles.h1} tabIndex={-1}>
        {t(props.lang, props.title, props.vars)}
      </h1>
      <p className={styles.note}>{t(props.lang, props.note, props.vars)}</p>
      {props.children}
    </div>
  );
}

/** The shop, the amount and the order number: the top of the checkout and brand pages. */
function Summary({ ctx, amount, label, heading }: { ctx: Ctx; amount: number; label: MessageId; heading: ReactNode }) {
  const { lang, data: d } = ctx;
  return (
    <>
      {heading}
      <p className={styles.muted}>{t(lang, label)}</p>
      <p className={styles.amount}>{yen(lang, amount)}</p>
      {(d.order_no || d.expires_at) && (
        <dl className={styles.meta}>
          {d.order_no && <Row label={t(lang, 'orderNo')}>{d.order_no}</Row>}
          {d.expires_at && (
            <div className={styles.row}>
              <dd>{t(lang, 'expiresAt', { time: dateTime(lang, d.expires_at) })}</dd>
            </div>
          )}
        </dl>
      )}
    </>
  );
}

/** `/checkout/{token}`: brand, tip, total, Pay. */
export function BrandChoice({ ctx }: { ctx: Ctx }) {
  const { lang, data: d } = ctx;
  const [brand, setBrand] = useState<string | null>(null);
  // The tip of the latest attempt stays chosen when the customer comes back to change brand.
  const [pct, setPct] = useState(() =>
    d.tip_vas_enabled && d.tip > 0 ? (TIPS.find((p) => p > 0 && tipOf(d.amount, p) === d.tip) ?? 0) : 0,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<MessageId | null>(null);
  const firstRadio = useRef<HTMLInputElement>(null);
  const tip = d.tip_vas_enabled ? tipOf(d.amount, pct) : 0;
  const total = d.amount + tip;
  const open = d.attempt?.status === 0 ? d.attempt : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (brand === null) {
      setError('chooseBrandFirst');
      firstRadio.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const failed = await ctx.pay(brand, tip);
    setBusy(false);
    setError(failed);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Summary
        ctx={ctx}
        amount={d.amount}
        label="amountDue"
        heading={
          <h1 className={styles.shop} tabIndex={-1}>
            {ctx.shopName}
          </h1>
        }
      />
      {open && (
        <div className={styles.callout}>
          <p>{t(lang, 'continueNote', { brand: open.brand_name })}</p>
          <Link to={payPath(d.token, open.payment_number)} ctx={ctx} className={styles.textLink}>
            {t(lang, 'continuePay', { brand: open.brand_name })} →
          </Link>
        </div>
      )}
      {!d.can_choose_brand ? (
        <p className={styles.note}>{t(lang, 'lockedNote')}</p>
      ) : (
        <>
          <fieldset className={styles.group}>
            <legend className={styles.legend}>{t(lang, 'payMethod')}</legend>
            <div className={styles.brands}>
              {d.brands.map((b, i) => (
                <label key={b.payment} className={styles.brand}>
                  <input
                    ref={i === 0 ? firstRadio : undefined}
                    type="radio"
                    name="brand"
                    value={b.payment}
                    checked={brand === b.payment}
                    onChange={() => {
                      setBrand(b.payment);
                      setError(null);
                    }}
                  />
                  <BrandMark brand={b} />
                  <span>{b.name}</span>
                </label>
              ))}
            </div>
          </fieldset>
          {d.tip_vas_enabled && (
            <fieldset className={styles.group}>
              <legend className={styles.legend}>{t(lang, 'addTip')}</legend>
              <div className={styles.tips}>
                {tipsFor(d.amount).map((p) => (
                  <label key={p} className={styles.tip}>
                    <input type="radio" name="tip" value={p} checked={pct === p} onChange={() => setPct(p)} />
                    <span className={styles.tipPct}>{p === 0 ? t(lang, 'tipNone') : `${p}%`}</span>{' '}
                    {p > 0 && <span className={styles.tipYen}>{yen(lang, tipOf(d.amount, p))}</span>}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {/* The amounts a tip changes are keyed: a new value is a new text, drawn in place, not
              the old one moving left as it grows (which browsers count as a layout shift). */}
          <dl className={styles.totals}>
            {d.tip_vas_enabled && (
              <>
                <Row label={t(lang, 'subtotal')}>{yen(lang, d.amount)}</Row>
                <Row label={t(lang, 'tip')}>
                  <span key={tip}>{yen(lang, tip)}</span>
                </Row>
              </>
            )}
            <Row label={t(lang, 'total')} strong>
              <span key={total} data-testid="total">
                {yen(lang, total)}
              </span>
            </Row>
          </dl>
          {error && (
            <p role="alert" className={styles.error}>
              {t(lang, error)}
            </p>
          )}
          <button type="submit" className={styles.primary} aria-disabled={busy}>
            <span key={busy ? -1 : total}>
              {busy ? t(lang, 'processing') : t(lang, 'pay', { amount: yen(lang, total) })}
            </span>
          </button>
        </>
      )}
    </form>
  );
}

/** `/checkout/{token}/pay/{number}`: the sandbox connector's brand page with Approve and Decline. */
export function Sandbox({ ctx, paymentNumber }: { ctx: Ctx; paymentNumber: string }) {
  const { lang, data: d } = ctx;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<MessageId | null>(null);
  const a = d.attempt;

  if (a === null || a.payment_number !== paymentNumber || a.status !== 0) {
    return (
      <StatePage lang={lang} title="attemptGone" note="attemptGoneNote" icon="alert">
        <Link to={checkoutPath(d.token)} ctx={ctx} className={styles.primary}>
          {t(lang, 'backToBrands')}
        </Link>
      </StatePage>
    );
  }
  const brand = d.brands.find((b) => b.payment === a.payment_method) ?? {
    payment: a.payment_method,
    name: a.brand_name,
    image_url: '',
  };
  const run = async (action: 'approve' | 'decline') => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const failed = await ctx.finish(a.payment_number, action);
    setBusy(false);
    setError(failed);
  };

  return (
    <div>
      <p className={styles.sandbox}>{t(lang, 'sandbox')}</p>
      <Summary
        ctx={ctx}
        amount={a.amount}
        label="total"
        heading={
          <div className={styles.brandHead}>
            <BrandMark brand={brand} large />
            <div>
              <h1 className={styles.h1} tabIndex={-1}>
                {t(lang, 'sandboxTitle', { brand: a.brand_name })}
              </h1>
              <p className={styles.muted}>{ctx.shopName}</p>
            </div>
          </div>
        }
      />
      <p className={styles.note}>{t(lang, 'sandboxNote', { brand: a.brand_name })}</p>
      {error && (
        <p role="alert" className={styles.error}>
          {t(lang, error)}
        </p>
      )}
      <div className={styles.actions} aria-busy={busy}>
        <button type="button" className={styles.primary} onClick={() => run('approve')}>
          {t(lang, 'approve')}
        </button>
        <button type="button" className={styles.secondary} onClick={() => run('decline')}>
          {t(lang, 'decline')}
        </button>
      </div>
      {d.can_choose_brand && (
        <p className={styles.centerText}>
          <Link to={checkoutPath(d.token)} ctx={ctx} className={styles.textLink}>
            {t(lang, 'otherBrand')}
          </Link>
        </p>
      )}
    </div>
  );
}

/** Only http(s) URLs are followed (the server checks too). */
function returnUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const u = new URL(url, window.location.href);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/** A paid (or refunded) payment; right after Approve it returns to the shop after 3 seconds. */
export function Receipt({ ctx, redirect }: { ctx: Ctx; redirect: boolean }) {
  const { lang, data: d } = ctx;
  const r = d.receipt;
  const refunded = d.state === 'refunded';
  const back = returnUrl(d.redirection_url);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (!redirect || back === null) return;
    // After the first render, on purpose: the status region below is in the page, empty,
    // before its message arrives, so that screen readers announce it.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above
    setLeaving(true);
    const timer = window.setTimeout(() => window.location.assign(back), 3000);
    return () => window.clearTimeout(timer);
  }, [redirect, back]);

  return (
    <div>
      <div className={styles.center}>
        <Icon name={refunded ? 'refund' : 'check'} />
        <h1 className={styles.h1} tabIndex={-1}>
          {t(lang, refunded ? 'refundedTitle' : 'paidTitle')}
        </h1>
        <p className={styles.note}>{t(lang, refunded ? 'refundedNote' : 'paidNote', { shop: ctx.shopName })}</p>
      </div>
      {r && (
        <dl className={styles.receipt}>
          <Row label={t(lang, 'paymentNumber')}>
            <span className={styles.mono}>{r.payment_number}</span>
          </Row>
          <Row label={t(lang, 'brand')}>{r.brand_name}</Row>
          {d.order_no && <Row label={t(lang, 'orderNo')}>{d.order_no}</Row>}
          <Row label={t(lang, 'amount')}>{yen(lang, r.amount)}</Row>
          {(r.tip > 0 || d.tip_vas_enabled) && <Row label={t(lang, 'tip')}>{yen(lang, r.tip)}</Row>}
          <Row label={t(lang, 'total')} strong>
            {yen(lang, r.amount_total)}
          </Row>
          {r.paid_at && <Row label={t(lang, 'paidAt')}>{dateTime(lang, r.paid_at)}</Row>}
        </dl>
      )}
      {/* Present before its message, so that screen readers announce it; sized to not shift. */}
      <p role="status" className={redirect && back ? styles.centerText : styles.noticeEmpty}>
        {leaving ? t(lang, 'redirecting') : ''}
      </p>
      {back && (
        <a className={styles.primary} href={back}>
          {t(lang, 'returnToShop')}
        </a>
      )}
    </div>
  );
}
