import type { LanguageCode } from '../../../schemas/tenant.schema';
import { escapeHtml } from '../../lib/escape-html';

/**
 * The sandbox bank's page: server-rendered HTML with a form and a stylesheet (the tenant's
 * /theme.css and bank.css), no script and no inline style, so it works under the app's CSP.
 */
const TEXT = {
  vi: {
    title: 'Cổng thanh toán thử nghiệm',
    notice: 'Đây là ngân hàng giả lập của môi trường thử nghiệm. Không có tiền thật được chuyển.',
    order: 'Đơn hàng',
    merchant: 'Đơn vị nhận tiền',
    amount: 'Số tiền',
    info: 'Nội dung',
    reference: 'Mã giao dịch',
    expires: 'Hết hạn lúc',
    approve: 'Thanh toán',
    decline: 'Từ chối',
    leave: 'Rời đi không thanh toán (để hết hạn)',
    choose: 'Chọn kết quả thanh toán',
    expired: 'Yêu cầu thanh toán này đã hết hạn.',
    invalid: 'Yêu cầu thanh toán không hợp lệ (sai chữ ký).',
    back: 'Quay lại',
  },
  en: {
    title: 'Sandbox payment gateway',
    notice: 'This is the test environment’s simulated bank. No real money moves.',
    order: 'Order',
    merchant: 'Merchant',
    amount: 'Amount',
    info: 'Description',
    reference: 'Transaction reference',
    expires: 'Expires at',
    approve: 'Pay',
    decline: 'Decline',
    leave: 'Leave without paying (let it expire)',
    choose: 'Choose the payment outcome',
    expired: 'This payment request has expired.',
    invalid: 'This payment request is not valid (wrong signature).',
    back: 'Back',
  },
} as const;

function layout(lang: LanguageCode, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/theme.css">
<link rel="stylesheet" href="/api/v1/Payments/SandboxPay/bank.css">
</head>
<body>
<main class="bank" id="main">
${body}
</main>
</body>
</html>`;
}

export interface SandboxOrder {
  lang: LanguageCode;
  merchant: string;
  amountVnd: number;
  orderInfo: string;
  txnRef: string;
  expiresAt: Date | null;
  expired: boolean;
  /** The signed vnp_ parameters, posted back as hidden fields. */
  params: Record<string, string>;
  timeZone: string;
}

export function renderSandboxPage(order: SandboxOrder): string {
  const t = TEXT[order.lang];
  const locale = order.lang === 'vi' ? 'vi-VN' : 'en-GB';
  const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: 'VND' }).format(
    order.amountVnd,
  );
  const expires = order.expiresAt
    ? new Intl.DateTimeFormat(locale, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: order.timeZone,
      }).format(order.expiresAt)
    : '';
  const hidden = Object.entries(order.params)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('\n');
  const buttons = order.expired
    ? `<p class="bank-alert" role="alert">${escapeHtml(t.expired)}</p>
<button type="submit" name="action" value="expire" class="bank-button bank-secondary">${escapeHtml(t.back)}</button>`
    : `<fieldset class="bank-actions">
<legend>${escapeHtml(t.choose)}</legend>
<button type="submit" name="action" value="approve" class="bank-button bank-primary">${escapeHtml(t.approve)}</button>
<button type="submit" name="action" value="decline" class="bank-button bank-danger">${escapeHtml(t.decline)}</button>
<button type="submit" name="action" value="expire" class="bank-button bank-secondary">${escapeHtml(t.leave)}</button>
</fieldset>`;
  return layout(
    order.lang,
    `${t.title} · ${order.merchant}`,
    `<h1>${escapeHtml(t.title)}</h1>
<p class="bank-notice">${escapeHtml(t.notice)}</p>
<section aria-labelledby="order-heading" class="bank-card">
<h2 id="order-heading">${escapeHtml(t.order)}</h2>
<dl class="bank-order">
<dt>${escapeHtml(t.merchant)}</dt><dd>${escapeHtml(order.merchant)}</dd>
<dt>${escapeHtml(t.amount)}</dt><dd class="bank-amount">${escapeHtml(amount)}</dd>
<dt>${escapeHtml(t.info)}</dt><dd>${escapeHtml(order.orderInfo)}</dd>
<dt>${escapeHtml(t.reference)}</dt><dd>${escapeHtml(order.txnRef)}</dd>
${expires ? `<dt>${escapeHtml(t.expires)}</dt><dd>${escapeHtml(expires)}</dd>` : ''}
</dl>
</section>
<form method="post" action="/api/v1/Payments/SandboxPay" class="bank-form">
${hidden}
${buttons}
</form>`,
  );
}

export function renderSandboxError(lang: LanguageCode): string {
  const t = TEXT[lang];
  return layout(
    lang,
    t.title,
    `<h1>${escapeHtml(t.title)}</h1>
<p class="bank-alert" role="alert">${escapeHtml(t.invalid)}</p>
<p><a href="/">${escapeHtml(t.back)}</a></p>`,
  );
}

/** The page's stylesheet: tenant colours through the theme variables, readable at 360 px. */
export const BANK_CSS = `*,*::before,*::after{box-sizing:border-box}
body{margin:0;background:var(--sk-color-background,#f5f7fa);color:var(--sk-color-text,#1a1a1a);font-family:var(--sk-font-body,system-ui,sans-serif);font-size:var(--sk-font-baseSize,16px);line-height:1.5}
.bank{max-width:32rem;margin:0 auto;padding:var(--sk-space-lg,1.5rem) var(--sk-space-md,1rem)}
h1{font-family:var(--sk-font-heading,inherit);font-size:1.5rem;margin:0 0 .5rem}
h2{font-size:1.125rem;margin:0 0 .75rem}
.bank-notice{color:var(--sk-color-mutedText,#555);margin:0 0 1rem}
.bank-card{background:var(--sk-color-surface,#fff);border:1px solid var(--sk-color-border,#d0d5dd);border-radius:var(--sk-radius-medium,8px);padding:1rem;margin-bottom:1rem}
.bank-order{display:grid;grid-template-columns:minmax(7rem,auto) 1fr;gap:.5rem 1rem;margin:0}
.bank-order dt{color:var(--sk-color-mutedText,#555)}
.bank-order dd{margin:0;overflow-wrap:anywhere}
.bank-amount{font-weight:700;font-size:1.25rem}
.bank-actions{border:0;padding:0;margin:0;display:flex;flex-direction:column;gap:.75rem}
.bank-actions legend{font-weight:600;margin-bottom:.5rem;padding:0}
.bank-button{min-height:44px;width:100%;padding:.625rem 1rem;font:inherit;font-weight:600;border-radius:var(--sk-radius-small,6px);border:2px solid transparent;cursor:pointer}
.bank-primary{background:var(--sk-color-primary,#0b5cad);color:var(--sk-color-onPrimary,#fff)}
.bank-danger{background:var(--sk-color-surface,#fff);color:var(--sk-color-danger,#b42318);border-color:var(--sk-color-danger,#b42318)}
.bank-secondary{background:var(--sk-color-surface,#fff);color:var(--sk-color-text,#1a1a1a);border-color:var(--sk-color-border,#d0d5dd)}
.bank-button:focus-visible,a:focus-visible{outline:3px solid var(--sk-color-primary,#0b5cad);outline-offset:2px}
.bank-alert{color:var(--sk-color-danger,#b42318);font-weight:600}
a{color:var(--sk-color-primary,#0b5cad)}
`;
