/** The hosted checkout page of the stand-in: plain HTML, inline styles, no scripts or external assets. */
import { escapeHtml, htmlPage } from '../lib/http-stand-in.ts';
import type { Price } from './store.ts';

const MERCHANT = 'Lipcast';
const TITLE_SUFFIX = 'Lipcast test checkout';

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f4f5; color: #18181b; margin: 0; }
  main { max-width: 24rem; margin: 4rem auto; padding: 2rem; background: #fff; border-radius: 0.75rem;
         box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
  h1 { font-size: 1.25rem; margin: 0 0 1rem; }
  .badge { display: inline-block; margin: 0 0 0.75rem; padding: 0.1rem 0.5rem; border-radius: 999px;
           background: #fef3c7; color: #78350f; font-size: 0.8rem; font-weight: 600; }
  ul { list-style: none; padding: 0; margin: 0 0 1.5rem; }
  li { display: flex; justify-content: space-between; gap: 1rem; padding: 0.5rem 0; border-bottom: 1px solid #e4e4e7; }
  .amount { font-weight: 600; }
  label { display: block; font-weight: 600; margin: 0.75rem 0 0.25rem; }
  input { box-sizing: border-box; width: 100%; padding: 0.5rem; font-size: 1rem; border: 1px solid #a1a1aa;
          border-radius: 0.375rem; }
  input[aria-invalid="true"] { border-color: #b91c1c; }
  .row { display: flex; gap: 1rem; }
  .row > div { flex: 1; }
  .hint { margin: 0.25rem 0 0; color: #52525b; font-size: 0.875rem; }
  .error { margin: 0.5rem 0 0; color: #b91c1c; font-weight: 600; }
  button { margin-top: 1.25rem; width: 100%; padding: 0.6rem; font-size: 1rem; font-weight: 600; color: #fff;
           background: #4f46e5; border: 0; border-radius: 0.375rem; cursor: pointer; }
  button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid #a5b4fc; outline-offset: 2px; }
  .back { display: inline-block; margin-top: 1rem; color: #4f46e5; }
`;

const layout = (heading: string, body: string) => htmlPage(`${heading} — ${TITLE_SUFFIX}`, STYLE, `    <p class="badge">Test mode</p>\n${body}`);

/** "$29.00", "€5.00"; amounts are in the currency's minor unit (two decimals assumed). */
export function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}

/** "$29.00 per month", "$90.00 every 3 months", "$20.00". */
export function priceText(price: Price, quantity: number): string {
  const amount = formatAmount(price.unit_amount * quantity, price.currency);
  if (!price.recurring) return amount;
  const { interval, interval_count: count } = price.recurring;
  return count === 1 ? `${amount} per ${interval}` : `${amount} every ${count} ${interval}s`;
}

export interface CheckoutPageItem {
  name: string;
  price: Price;
  quantity: number;
}

export interface CheckoutPageOptions {
  action: string;
  items: CheckoutPageItem[];
  cancelUrl: string | null;
  /** The number as typed, re-shown with the error. */
  card?: string;
  error?: string;
}

export function checkoutPage(options: CheckoutPageOptions): string {
  const { action, items, cancelUrl, card = '', error } = options;
  const rows = items
    .map(({ name, price, quantity }) => {
      const label = quantity === 1 ? name : `${name} × ${quantity}`;
      return `      <li><span>${escapeHtml(label)}</span> <span class="amount">${escapeHtml(priceText(price, quantity))}</span></li>`;
    })
    .join('\n');
  const invalid = error ? ' aria-invalid="true"' : '';
  const describedBy = error ? 'card-hint card-error' : 'card-hint';
  const errorMessage = error ? `\n      <p id="card-error" class="error" role="alert">${escapeHtml(error)}</p>` : '';
  const cancel = cancelUrl ? `\n    <a class="back" href="${escapeHtml(cancelUrl)}">Cancel</a>` : '';
  return layout(
    `Pay ${MERCHANT}`,
    `    <h1>Pay ${escapeHtml(MERCHANT)}</h1>
    <ul aria-label="Order summary">
${rows}
    </ul>
    <form method="post" action="${escapeHtml(action)}">
      <label for="card">Card number</label>
      <input id="card" name="card" type="text" inputmode="numeric" autocomplete="cc-number" value="${escapeHtml(card)}"
             required aria-describedby="${describedBy}"${invalid}>
      <p id="card-hint" class="hint">Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.</p>${errorMessage}
      <div class="row">
        <div>
          <label for="expiry">Expiry (MM / YY)</label>
          <input id="expiry" name="expiry" type="text" autocomplete="cc-exp" value="12 / 34">
        </div>
        <div>
          <label for="cvc">CVC</label>
          <input id="cvc" name="cvc" type="text" inputmode="numeric" autocomplete="cc-csc" value="123">
        </div>
      </div>
      <button type="submit">Pay</button>
    </form>${cancel}`,
  );
}

/** A page with one message: a completed, expired or unknown session; `link` leads back to the app. */
export function messagePage(heading: string, message: string, link?: { href: string; text: string }): string {
  const back = link ? `\n    <a class="back" href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a>` : '';
  return layout(heading, `    <h1>${escapeHtml(heading)}</h1>\n    <p>${escapeHtml(message)}</p>${back}`);
}
