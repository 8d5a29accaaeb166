//! UI strings of the checkout page and the choice of language.

export type Lang = 'en' | 'ja';

export type MessageId =
  | 'checkout.title'
  | 'checkout.comingSoon'
  | 'checkout.comingSoonDetail'
  | 'checkout.invalidLink'
  | 'checkout.footer';

const messages: Record<Lang, Record<MessageId, string>> = {
  en: {
    'checkout.title': 'Noren checkout',
    'checkout.comingSoon': 'This payment page is coming soon',
    'checkout.comingSoonDetail':
      'The merchant has created this payment. Paying from this page will be possible shortly.',
    'checkout.invalidLink': 'This checkout link is not valid.',
    'checkout.footer': 'Secure payments by Noren',
  },
  ja: {
    'checkout.title': 'Noren チェックアウト',
    'checkout.comingSoon': 'この支払いページは近日公開予定です',
    'checkout.comingSoonDetail':
      'この支払いは加盟店によって作成されました。まもなくこのページからお支払いいただけるようになります。',
    'checkout.invalidLink': 'このチェックアウトリンクは無効です。',
    'checkout.footer': 'Noren による安全な決済',
  },
};

/** Picks the page language from the browser's preferences: Japanese if preferred, else English. */
export function pickLang(preferred: readonly string[]): Lang {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'ja') return 'ja';
    if (primary === 'en') return 'en';
  }
  return 'en';
}

/** The browser's preferred languages, most preferred first. */
export function browserLanguages(): string[] {
  if (navigator.languages.length > 0) return [...navigator.languages];
  return navigator.language ? [navigator.language] : [];
}

export function t(lang: Lang, id: MessageId): string {
  return messages[lang][id];
}
