//! What the app (App.tsx) hands its pages (views.tsx): kept apart so that neither imports the other.

import type { Checkout } from './api';
import type { Lang, MessageId } from './i18n';

/** A message shown above a page after a step (a declined attempt, a payment that moved on). */
export interface Notice {
  id: MessageId;
  vars?: Record<string, string>;
}

/** What every page of a loaded payment gets from the app. */
export interface Ctx {
  lang: Lang;
  data: Checkout;
  shopName: string;
  navigate: (to: string, notice?: Notice | null) => void;
  /** Starts an attempt and opens its brand page; resolves with a message when it failed. */
  pay: (method: string, tip: number) => Promise<MessageId | null>;
  finish: (paymentNumber: string, action: 'approve' | 'decline') => Promise<MessageId | null>;
}
