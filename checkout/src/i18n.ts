//! UI strings of the checkout page, the choice of language and the locale-aware formats.

export type Lang = 'en' | 'ja';

const en = {
  title: 'Noren checkout',
  footer: 'Secure payments by Noren',
  language: 'Language',
  testMode: 'Test mode',
  loading: 'Loading the payment…',
  amountDue: 'Amount due',
  orderNo: 'Order number',
  expiresAt: 'Pay by {time}',
  payMethod: 'Payment method',
  addTip: 'Add a tip',
  tipNone: 'No tip',
  subtotal: 'Subtotal',
  tip: 'Tip',
  total: 'Total',
  pay: 'Pay {amount}',
  processing: 'Processing…',
  chooseBrandFirst: 'Choose a payment method.',
  continueNote: 'You started paying with {brand}.',
  continuePay: 'Continue with {brand}',
  lockedNote:
    'The shop no longer accepts new payments on this link, but you can finish the payment you started.',
  declined: 'The payment with {brand} was declined. Choose a payment method to try again.',
  sandbox: 'Sandbox',
  sandboxTitle: 'Pay with {brand}',
  sandboxNote:
    'This is the sandbox payment page of {brand}. No money moves: choose what the brand answers.',
  shop: 'Shop',
  approve: 'Approve payment',
  decline: 'Decline payment',
  otherBrand: 'Choose another payment method',
  attemptGone: 'This payment step is no longer open',
  attemptGoneNote: 'It was cancelled, declined or replaced by another one.',
  backToBrands: 'Back to payment methods',
  paidTitle: 'Payment complete',
  paidNote: 'Thank you. {shop} has received your payment.',
  refundedTitle: 'This payment was refunded',
  refundedNote: 'The shop refunded this payment in full.',
  paymentNumber: 'Payment number',
  brand: 'Paid with',
  amount: 'Amount',
  paidAt: 'Paid at',
  returnToShop: 'Return to shop',
  redirecting: 'Taking you back to the shop in 3 seconds…',
  expiredTitle: 'This payment link has expired',
  expiredNote: 'Please ask {shop} for a new link.',
  invalidatedTitle: 'This payment link is no longer available',
  invalidatedNote: '{shop} has closed this link. Please contact the shop if you still want to pay.',
  notFoundTitle: 'Payment not found',
  notFoundNote: 'Check that the link is complete, or ask the shop for a new one.',
  errorTitle: 'Something went wrong',
  errorNote: 'We could not load this payment. Check your connection and try again.',
  retry: 'Retry',
  actionFailed: 'That did not work. Please try again.',
  actionNetwork: 'We could not reach the server. Check your connection and try again.',
  stateChanged: 'This payment has changed in the meantime. Here is where it stands now.',
};

export type MessageId = keyof typeof en;

const ja: Record<MessageId, string> = {
  title: 'Noren チェックアウト',
  footer: 'Noren による安全な決済',
  language: '表示言語',
  testMode: 'テストモード',
  loading: 'お支払い情報を読み込んでいます…',
  amountDue: 'お支払い金額',
  orderNo: '注文番号',
  expiresAt: 'お支払い期限: {time}',
  payMethod: 'お支払い方法',
  addTip: 'チップを追加',
  tipNone: 'なし',
  subtotal: '小計',
  tip: 'チップ',
  total: '合計',
  pay: '{amount}を支払う',
  processing: '処理しています…',
  chooseBrandFirst: 'お支払い方法を選択してください。',
  continueNote: '{brand}でのお支払いが途中です。',
  continuePay: '{brand}で支払いを続ける',
  lockedNote:
    'このリンクでは新しいお支払いを受け付けていませんが、途中のお支払いは完了できます。',
  declined: '{brand}でのお支払いは承認されませんでした。お支払い方法を選んで、もう一度お試しください。',
  sandbox: 'サンドボックス',
  sandboxTitle: '{brand}でのお支払い',
  sandboxNote:
    'これは{brand}のテスト用（サンドボックス）決済ページです。実際の請求は発生しません。決済の結果を選んでください。',
  shop: 'ショップ',
  approve: '支払いを承認する',
  decline: '支払いを拒否する',
  otherBrand: '別のお支払い方法を選ぶ',
  attemptGone: 'このお支払い手続きは終了しています',
  attemptGoneNote: 'キャンセルまたは拒否されたか、別のお支払い手続きに切り替わりました。',
  backToBrands: 'お支払い方法の選択に戻る',
  paidTitle: 'お支払いが完了しました',
  paidNote: 'ありがとうございます。{shop}へのお支払いが完了しました。',
  refundedTitle: 'このお支払いは返金されました',
  refundedNote: 'ショップがこのお支払いの全額を返金しました。',
  paymentNumber: '決済番号',
  brand: 'お支払い方法',
  amount: '金額',
  paidAt: 'お支払い日時',
  returnToShop: 'ショップに戻る',
  redirecting: '3秒後にショップのページへ戻ります…',
  expiredTitle: 'この支払いリンクは有効期限が切れています',
  expiredNote: 'お手数ですが、{shop}に新しいリンクをお問い合わせください。',
  invalidatedTitle: 'この支払いリンクは現在ご利用いただけません',
  invalidatedNote:
    '{shop}がこのリンクを無効にしました。お支払いをご希望の場合は、ショップにお問い合わせください。',
  notFoundTitle: 'お支払いが見つかりません',
  notFoundNote: 'リンクが途中で切れていないかご確認いただくか、ショップに新しいリンクをお問い合わせください。',
  errorTitle: 'エラーが発生しました',
  errorNote: 'お支払い情報を読み込めませんでした。通信環境をご確認のうえ、もう一度お試しください。',
  retry: '再試行',
  actionFailed: '処理できませんでした。もう一度お試しください。',
  actionNetwork: 'サーバーに接続できませんでした。通信環境をご確認のうえ、もう一度お試しください。',
  stateChanged: 'このお支払いの状況が変わりました。最新の状況を表示しています。',
};

const messages: Record<Lang, Record<MessageId, string>> = { en, ja };

/** A message, with `{name}` placeholders filled from `vars`. */
export function t(lang: Lang, id: MessageId, vars: Record<string, string> = {}): string {
  return messages[lang][id].replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');
}

/** Japanese when the browser's language is ja*, else English. */
export function pickLang(tag: string | undefined): Lang {
  return tag?.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

const LANG_KEY = 'noren.checkout.lang';

/** The language chosen with the switch earlier, else the browser's. */
export function initialLang(): Lang {
  try {
    const saved = localStorage.getItem(LANG_KEY);
    if (saved === 'en' || saved === 'ja') return saved;
  } catch {
    // Storage may be blocked; the browser's language still applies.
  }
  return pickLang(navigator.language);
}

export function saveLang(lang: Lang): void {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    // Not persisted; the switch still applies to this page.
  }
}

const groups = { en: new Intl.NumberFormat('en-US'), ja: new Intl.NumberFormat('ja-JP') };

/** Whole yen: `¥1,000` in English, `1,000円` in Japanese. */
export function yen(lang: Lang, n: number): string {
  const s = groups[lang].format(n);
  return lang === 'ja' ? `${s}円` : `¥${s}`;
}

/** A timestamp in the browser's time zone, e.g. `Nov 23, 2026, 7:00 PM` / `2026/11/23 19:00`. */
export function dateTime(lang: Lang, iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(lang === 'ja' ? 'ja-JP' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
