/**
 * Checkout Sessions (hosted mode). Paying one on the stand-in's page (or through the test helper) creates
 * what Stripe creates: an active subscription with a paid first invoice, or a succeeded PaymentIntent.
 */
import { invalidRequest, missingParam } from './errors.ts';
import { array, metadata, object, text, type FormObject } from './form.ts';
import { createCustomer } from './catalog.ts';
import { cardNumberError, insertPaymentIntent, succeed } from './payments.ts';
import { createPaidSubscription, orderedItems, requireRecurring } from './subscriptions.ts';
import { newId, now, type CheckoutSession, type Store } from './store.ts';

const SESSION_LIFETIME_SECONDS = 24 * 60 * 60;

export function createCheckoutSession(store: Store, form: FormObject, baseUrl: string): CheckoutSession {
  const mode = text(form, 'mode');
  if (!mode) throw missingParam('mode');
  if (mode !== 'subscription' && mode !== 'payment') throw invalidRequest(`Invalid mode: must be one of payment or subscription`, 'mode');
  const items = orderedItems(store, array(form, 'line_items'), 'line_items');
  if (mode === 'subscription') requireRecurring(items, 'line_items');
  items.forEach(({ price }, index) => {
    if (mode === 'payment' && price.type === 'recurring') {
      throw invalidRequest(
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
        `line_items[${index}][price]`,
      );
    }
  });
  const customer = text(form, 'customer') || null;
  if (customer) store.get('customer', customer, 'customer');
  const created = now();
  const id = newId('cs_test', 58);
  store.checkoutPlans[id] = {
    lineItems: items.map(({ price, quantity }) => ({ id: newId('li'), price: price.id, quantity })),
    subscriptionMetadata: metadata(object(form, 'subscription_data')),
    paymentIntentMetadata: metadata(object(form, 'payment_intent_data')),
  };
  const amount = items.reduce((sum, { price, quantity }) => sum + price.unit_amount * quantity, 0);
  return store.insert<CheckoutSession>({
    id,
    object: 'checkout.session',
    created,
    livemode: false,
    metadata: metadata(form),
    amount_subtotal: amount,
    amount_total: amount,
    cancel_url: text(form, 'cancel_url') || null,
    client_reference_id: text(form, 'client_reference_id') || null,
    currency: items[0].price.currency,
    customer,
    customer_details: null,
    customer_email: text(form, 'customer_email') || null,
    expires_at: created + SESSION_LIFETIME_SECONDS,
    invoice: null,
    mode,
    payment_intent: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    status: 'open',
    subscription: null,
    success_url: text(form, 'success_url') || null,
    ui_mode: 'hosted',
    url: `${baseUrl}/checkout/${id}`,
  });
}

/** The session, expired first if its 24 hours have passed. */
export function findCheckoutSession(store: Store, id: string): CheckoutSession {
  const session = store.get('checkout.session', id);
  if (session.status === 'open' && now() >= session.expires_at) expire(store, session);
  return session;
}

export function expireCheckoutSession(store: Store, id: string): CheckoutSession {
  const session = findCheckoutSession(store, id);
  if (session.status !== 'open') throw invalidRequest(`Only Checkout Sessions with a status of \`open\` can be expired; this one is ${session.status}.`);
  expire(store, session);
  return session;
}

function expire(store: Store, session: CheckoutSession): void {
  session.status = 'expired';
  session.url = null;
  store.emit('checkout.session.expired', session);
}

/** Pays the session with a test card number; a declined or invalid number throws and changes nothing. */
export function completeCheckoutSession(store: Store, id: string, cardNumber: string): CheckoutSession {
  const session = findCheckoutSession(store, id);
  if (session.status !== 'open') throw invalidRequest(`This Checkout Session is ${session.status === 'complete' ? 'already complete' : 'expired'}.`);
  const cardError = cardNumberError(cardNumber);
  if (cardError) throw cardError;
  const plan = store.checkoutPlans[id];
  const paymentMethod = newId('pm');
  let customerId = session.customer;
  if (session.mode === 'subscription') {
    // A subscription needs a customer; Stripe creates one when the session names none.
    customerId ??= createCustomer(store, session.customer_email ? { email: session.customer_email } : {}).id;
    const items = plan.lineItems.map(({ price, quantity }) => ({ price: store.get('price', price), quantity }));
    const subscription = createPaidSubscription(
      store,
      { customer: customerId, items, metadata: plan.subscriptionMetadata, saveDefaultPaymentMethod: 'on_subscription' },
      paymentMethod,
    );
    session.subscription = subscription.id;
    session.invoice = subscription.latest_invoice;
  } else {
    const paymentIntent = insertPaymentIntent(store, {
      amount: session.amount_total,
      currency: session.currency,
      customer: customerId,
      metadata: plan.paymentIntentMetadata,
    });
    succeed(store, paymentIntent, paymentMethod);
    session.payment_intent = paymentIntent.id;
  }
  const customer = customerId ? store.get('customer', customerId) : null;
  session.customer = customerId;
  session.customer_details = {
    email: customer?.email ?? session.customer_email,
    name: customer?.name ?? null,
    address: null,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
  session.status = 'complete';
  session.payment_status = 'paid';
  session.url = null;
  store.emit('checkout.session.completed', session);
  return session;
}

/** Where the browser goes after paying: success_url with `{CHECKOUT_SESSION_ID}` filled in. */
export function successUrl(session: CheckoutSession): string | null {
  return session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', session.id) ?? null;
}

/** Rewrites open sessions' `url` for this run's address (the port changes between runs). */
export function rebaseCheckoutUrls(store: Store, baseUrl: string): void {
  for (const session of store.all('checkout.session')) if (session.url) session.url = `${baseUrl}/checkout/${session.id}`;
}
