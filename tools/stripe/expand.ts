/**
 * Stripe's `expand[]`: dotted paths (`latest_invoice.confirmation_secret`, `data.product` on lists) replace
 * ids by their objects and add the "includable" fields Stripe only returns on request.
 */
import type Stripe from 'stripe';
import { invalidRequest } from './errors.ts';
import type { Fits } from './sdk-types.ts';
import { invoicePaymentIntent } from './subscriptions.ts';
import { list, type Metadata, type Price, type Store } from './store.ts';

type JsonObject = Record<string, unknown>;

/** An item of a checkout session's `line_items`. */
type CheckoutLineItem = Fits<
  Stripe.LineItem,
  {
    id: string;
    object: 'item';
    amount_discount: number;
    amount_subtotal: number;
    amount_tax: number;
    amount_total: number;
    currency: string;
    description: string | null;
    metadata: Metadata;
    price: Price;
    quantity: number;
  }
>;

/** Fields computed on request, by object type. */
const INCLUDABLE: Record<string, Record<string, (store: Store, object: JsonObject) => unknown>> = {
  invoice: {
    confirmation_secret: (store, { id }) => {
      const invoice = store.get('invoice', String(id));
      if (invoice.status !== 'open') return null;
      return { client_secret: invoicePaymentIntent(store, invoice).client_secret, type: 'payment_intent' } satisfies Stripe.Invoice.ConfirmationSecret;
    },
  },
  'checkout.session': {
    line_items: (store, { id }) => {
      const { currency } = store.get('checkout.session', String(id));
      const items = store.checkoutPlans[String(id)].lineItems.map((item): CheckoutLineItem => {
        const price = store.get('price', item.price);
        const product = store.find(price.product);
        const amount = price.unit_amount * item.quantity;
        return {
          id: item.id,
          object: 'item',
          amount_discount: 0,
          amount_subtotal: amount,
          amount_tax: 0,
          amount_total: amount,
          currency,
          description: product?.object === 'product' ? product.name : null,
          metadata: {},
          price,
          quantity: item.quantity,
        };
      });
      return list(items, `/v1/checkout/sessions/${id}/line_items`);
    },
  },
};

/** A copy of `value` (a stored object or a list of them) with the paths expanded. */
export function expand(store: Store, value: object, paths: string[]): JsonObject {
  const copy = structuredClone(value) as JsonObject;
  expandFields(store, copy, paths.map((path) => path.split('.')), '');
  return copy;
}

function expandFields(store: Store, target: JsonObject, paths: string[][], prefix: string): void {
  const tailsByField = new Map<string, string[][]>();
  for (const [field, ...tail] of paths) tailsByField.set(field, [...(tailsByField.get(field) ?? []), tail]);
  for (const [field, tails] of tailsByField) {
    const include = INCLUDABLE[String(target.object)]?.[field];
    if (include) target[field] = include(store, target);
    else if (!(field in target)) throw invalidRequest(`This property cannot be expanded (${prefix}${field}).`, 'expand');
    target[field] = expandValue(store, target[field], tails.filter((tail) => tail.length > 0), `${prefix}${field}.`);
  }
}

function expandValue(store: Store, value: unknown, paths: string[][], prefix: string): unknown {
  if (Array.isArray(value)) return value.map((item) => expandValue(store, item, paths, prefix));
  let expanded = value;
  if (typeof value === 'string') {
    const found = store.find(value);
    if (found) expanded = structuredClone(found);
  }
  if (expanded !== null && typeof expanded === 'object' && paths.length > 0) expandFields(store, expanded as JsonObject, paths, prefix);
  return expanded;
}
