/**
 * A local stand-in for the Stripe HTTP API (API version 2026-10-28.endive), so the billing service runs
 * its production code path, with the official `stripe` SDK, offline. Point the SDK at it with
 * `new Stripe(secretKey, { host, port, protocol: 'http', apiVersion })`.
 *
 * Speaks: form-encoded requests in bracket notation, `expand[]`, `Idempotency-Key` replay, Bearer auth,
 * lists with `limit` and `starting_after`, and Stripe's error shapes (400/401/402/404), for
 *   customers      POST /v1/customers, GET /v1/customers/:id, GET /v1/customers?email=
 *   catalog        POST /v1/products, GET /v1/products/:id, POST /v1/prices, GET /v1/prices/:id,
 *                  GET /v1/prices?lookup_keys[]=&active=&product=
 *   subscriptions  POST /v1/subscriptions (always as payment_behavior=default_incomplete), GET /v1/subscriptions[/:id],
 *                  POST /v1/subscriptions/:id (cancel_at_period_end, metadata), DELETE /v1/subscriptions/:id
 *   invoices       GET /v1/invoices/:id (confirmation_secret when expanded),
 *                  GET /v1/invoice_payments?invoice=|payment[type]=payment_intent&payment[payment_intent]=
 *   payments       POST /v1/payment_intents, GET /v1/payment_intents/:id, POST /v1/payment_intents/:id/confirm
 *                  (pm_card_visa succeeds, pm_card_chargeDeclined is declined); a succeeded one has a charge:
 *                  GET /v1/charges[/:id] (?payment_intent=)
 *   refunds        POST /v1/refunds (charge or payment_intent; whole refunds only → charge.refunded), GET /v1/refunds[/:id]
 *   disputes       GET /v1/disputes[/:id] (opened by the test helper below → charge.dispute.created)
 *   checkout       POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id, POST /v1/checkout/sessions/:id/expire,
 *                  and the hosted page GET/POST /checkout/:id (4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined)
 *   events         GET /v1/events[/:id]; each event is also POSTed, signed, to `webhookUrl`, with retries.
 * Test helpers (no auth): POST /_standin/subscriptions/:id/renew, POST /_standin/subscriptions/:id/period,
 * POST /_standin/checkout/sessions/:id/complete, POST /_standin/charges/:id/dispute ({reason?}).
 *
 * Does not speak: other resources or updates (customers, prices, items), `ending_before`, search,
 * trials, proration, coupons, taxes, partial refunds, dispute evidence and outcomes, failed charges,
 * 3-D Secure, test clocks, publishable-key requests (so Stripe.js and Elements cannot use it: the
 * embedded flow is exercised by confirming through the API), zero-decimal currencies, and failed renewals. Unknown parameters are ignored rather than refused.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { authenticate, headerValue, type ApiKeyCheck, jsonSender, listen, originOf, readText, sendHtml, stopServer } from '../lib/http-stand-in.ts';
import { StripeApiError, invalidRequest, unauthorized } from './errors.ts';
import { formFromJson, parseForm, strings, text, type FormObject } from './form.ts';
import { createCustomer, createPrice, createProduct, limited, listCustomers, listPrices } from './catalog.ts';
import { confirmPaymentIntent, createPaymentIntent } from './payments.ts';
import { createRefund, listCharges, listDisputes, listRefunds, openDispute } from './charges.ts';
import {
  cancelSubscription,
  createSubscription,
  listInvoicePayments,
  listSubscriptions,
  renewSubscription,
  setSubscriptionPeriod,
  settleInvoicePaidBy,
  updateSubscription,
} from './subscriptions.ts';
import {
  completeCheckoutSession,
  createCheckoutSession,
  expireCheckoutSession,
  findCheckoutSession,
  rebaseCheckoutUrls,
  successUrl,
} from './checkout.ts';
import { checkoutPage, messagePage } from './checkout-page.ts';
import { expand } from './expand.ts';
import { createWebhookSender } from './webhooks.ts';
import { API_VERSION, newId, Store, type CheckoutSession, type List, type StripeEvent } from './store.ts';

export interface StripeStandInOptions {
  port: number; // 0 = any free port
  host?: string; // default '127.0.0.1'
  /** Where events are POSTed (our gateway's /api/stripe/webhook); without it events are only stored (GET /v1/events). */
  webhookUrl?: string;
  webhookSecret: string; // 'whsec_...' used to sign deliveries
  /** Delays between delivery attempts; default [1000, 2000, 4000, 8000, 16000]. Tests pass small ones. */
  retryDelaysMs?: number[];
  /** If given, state is loaded from and saved to this JSON file so a restarted `npm start` keeps customers/subscriptions. */
  stateFile?: string;
  /** The origin browsers reach the hosted checkout page at, when it is not the listening address (a container). */
  publicUrl?: string;
}

export interface StripeStandIn {
  url: string; // http://127.0.0.1:<port>
  host: string;
  port: number;
  secretKey: string; // a fake 'sk_test_standin_...' the SDK sends as Bearer; requests with another/missing key get Stripe's 401 error shape
  setWebhookUrl(url: string | undefined): void;
  stop(): Promise<void>;
}

/** Fixed, so a restarted stand-in with a state file accepts the key its clients already have. */
const SECRET_KEY = 'sk_test_standin_lipcast_local';
const DEFAULT_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 16000];
const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

interface ApiRequest {
  params: string[];
  form: FormObject;
}

interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  run: (request: ApiRequest) => object;
}

interface JsonResponse {
  status: number;
  body: unknown;
}

interface IdempotentResponse extends JsonResponse {
  request: string;
  storedAt: number;
}

export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const host = options.host ?? '127.0.0.1';
  const store = new Store(options.stateFile);
  const webhooks = createWebhookSender({
    url: options.webhookUrl,
    secret: options.webhookSecret,
    retryDelaysMs: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
  });
  store.onEvent = (event) => webhooks.send(event);
  // Idempotency-Key → the first answer, kept 24 hours as at Stripe (the SDK sends a key with every POST).
  const idempotentResponses = new Map<string, IdempotentResponse>();
  const rememberResponse = (key: string, response: IdempotentResponse) => {
    for (const [oldKey, old] of idempotentResponses) {
      if (old.storedAt > response.storedAt - IDEMPOTENCY_KEY_LIFETIME_MS) break;
      idempotentResponses.delete(oldKey);
    }
    idempotentResponses.set(key, response);
  };
  let baseUrl = '';
  const routes = apiRoutes(store, () => baseUrl);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const body = await readText(req);
    try {
      if (url.pathname.startsWith('/v1/')) answerIdempotently(req, res, method, url, body);
      else if (url.pathname.startsWith('/checkout/')) answerCheckoutPage(res, method, url.pathname.slice('/checkout/'.length), body);
      else if (url.pathname.startsWith('/_standin/') && method === 'POST') sendJson(res, 200, answerHelper(url.pathname, requestForm(req, body)));
      else throw unrecognized(method, url.pathname);
    } finally {
      if (method !== 'GET') store.save();
    }
  }

  /** A POST sent again with the same Idempotency-Key gets the first answer, marked `Idempotent-Replayed`. */
  function answerIdempotently(req: IncomingMessage, res: ServerResponse, method: string, url: URL, body: string): void {
    const key = method === 'POST' ? headerValue(req, 'idempotency-key') : undefined;
    const request = `${method} ${url.pathname} ${body}`;
    const replay = key ? idempotentResponses.get(key) : undefined;
    if (key && replay) {
      if (replay.request !== request) {
        throw new StripeApiError({
          status: 400,
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      return sendJson(res, replay.status, replay.body, { 'idempotent-replayed': 'true', 'idempotency-key': key });
    }
    const response = answerApi(req, method, url, body);
    // Like Stripe, keep every answer but server errors and failed authentication.
    if (key && response.status < 500 && response.status !== 401) rememberResponse(key, { ...response, request, storedAt: Date.now() });
    sendJson(res, response.status, response.body, key ? { 'idempotency-key': key } : {});
  }

  function answerApi(req: IncomingMessage, method: string, url: URL, body: string): JsonResponse {
    try {
      authenticate(req, SECRET_KEY_CHECK);
      const form = { ...parseForm(url.search.slice(1)), ...(method === 'POST' ? parseForm(body) : {}) };
      for (const route of routes) {
        const match = route.method === method ? route.pattern.exec(url.pathname) : null;
        if (match) return { status: 200, body: expand(store, route.run({ params: match.slice(1), form }), strings(form, 'expand')) };
      }
      throw unrecognized(method, url.pathname);
    } catch (error) {
      if (error instanceof StripeApiError) return { status: error.status, body: error.toJSON() };
      throw error;
    }
  }

  function answerCheckoutPage(res: ServerResponse, method: string, id: string, body: string): void {
    let session: CheckoutSession;
    try {
      session = findCheckoutSession(store, decodeURIComponent(id));
    } catch {
      return sendHtml(res, 404, messagePage('Checkout not found', 'This checkout session does not exist.'));
    }
    if (session.status === 'complete') {
      const continueUrl = successUrl(session);
      const link = continueUrl ? { href: continueUrl, text: 'Continue' } : undefined;
      return sendHtml(res, method === 'POST' ? 409 : 200, messagePage('Payment complete', 'This checkout session is already paid.', link));
    }
    if (session.status === 'expired') {
      const link = session.cancel_url ? { href: session.cancel_url, text: 'Back' } : undefined;
      return sendHtml(res, 410, messagePage('Checkout expired', 'This checkout session has expired.', link));
    }
    const page = (card?: string, error?: string) =>
      checkoutPage({ action: `/checkout/${session.id}`, items: pageItems(session), cancelUrl: session.cancel_url, card, error });
    if (method !== 'POST') return sendHtml(res, 200, page());
    const card = text(parseForm(body), 'card') ?? '';
    try {
      completeCheckoutSession(store, session.id, card.replace(/\s+/g, ''));
    } catch (error) {
      if (error instanceof StripeApiError && error.fields.type === 'card_error') return sendHtml(res, error.status, page(card, error.message));
      throw error;
    }
    const next = successUrl(session);
    if (!next) return sendHtml(res, 200, messagePage('Payment complete', 'Thank you: the payment went through.'));
    res.writeHead(303, { location: next, 'cache-control': 'no-store' });
    res.end();
  }

  function pageItems(session: CheckoutSession) {
    return store.checkoutPlans[session.id].lineItems.map((item) => {
      const price = store.get('price', item.price);
      const product = store.find(price.product);
      return { name: product?.object === 'product' ? product.name : price.id, price, quantity: item.quantity };
    });
  }

  function answerHelper(path: string, form: FormObject): object {
    const renew = /^\/_standin\/subscriptions\/([^/]+)\/renew$/.exec(path);
    if (renew) return renewSubscription(store, renew[1]);
    const period = /^\/_standin\/subscriptions\/([^/]+)\/period$/.exec(path);
    if (period) return setSubscriptionPeriod(store, period[1], form);
    const complete = /^\/_standin\/checkout\/sessions\/([^/]+)\/complete$/.exec(path);
    if (complete) return completeCheckoutSession(store, complete[1], (text(form, 'card') ?? '').replace(/\s+/g, ''));
    const dispute = /^\/_standin\/charges\/([^/]+)\/dispute$/.exec(path);
    if (dispute) return openDispute(store, dispute[1], form);
    throw unrecognized('POST', path);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof StripeApiError) return sendJson(res, error.status, error.toJSON());
      process.stderr.write(`[stripe stand-in] ${req.method} ${req.url} failed: ${error instanceof Error ? error.stack : String(error)}\n`);
      sendJson(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred in the Stripe stand-in.' } });
    });
  });
  const port = await listen(server, options.port, host);
  baseUrl = options.publicUrl?.replace(/\/$/, '') ?? originOf(host, port);
  rebaseCheckoutUrls(store, baseUrl);

  return {
    url: baseUrl,
    host,
    port,
    secretKey: SECRET_KEY,
    setWebhookUrl: (url) => webhooks.setUrl(url),
    stop: async () => {
      await stopServer(server);
      await webhooks.stop();
      store.save();
    },
  };
}

function apiRoutes(store: Store, baseUrl: () => string): Route[] {
  const settle = settleInvoicePaidBy.bind(null, store);
  const route = (method: Route['method'], path: string, run: Route['run']): Route => ({
    method,
    pattern: new RegExp(`^${path.replaceAll(':id', '([^/]+)')}$`),
    run,
  });
  return [
    route('POST', '/v1/customers', ({ form }) => createCustomer(store, form)),
    route('GET', '/v1/customers', ({ form }) => listCustomers(store, form)),
    route('GET', '/v1/customers/:id', ({ params }) => store.get('customer', params[0])),
    route('POST', '/v1/products', ({ form }) => createProduct(store, form)),
    route('GET', '/v1/products/:id', ({ params }) => store.get('product', params[0])),
    route('POST', '/v1/prices', ({ form }) => createPrice(store, form)),
    route('GET', '/v1/prices', ({ form }) => listPrices(store, form)),
    route('GET', '/v1/prices/:id', ({ params }) => store.get('price', params[0])),
    route('POST', '/v1/subscriptions', ({ form }) => createSubscription(store, form)),
    route('GET', '/v1/subscriptions', ({ form }) => listSubscriptions(store, form)),
    route('GET', '/v1/subscriptions/:id', ({ params }) => store.get('subscription', params[0])),
    route('POST', '/v1/subscriptions/:id', ({ params, form }) => updateSubscription(store, params[0], form)),
    route('DELETE', '/v1/subscriptions/:id', ({ params }) => cancelSubscription(store, params[0])),
    route('GET', '/v1/invoices/:id', ({ params }) => store.get('invoice', params[0])),
    route('GET', '/v1/invoice_payments', ({ form }) => listInvoicePayments(store, form)),
    route('POST', '/v1/payment_intents', ({ form }) => createPaymentIntent(store, form, settle)),
    route('GET', '/v1/payment_intents/:id', ({ params }) => store.get('payment_intent', params[0])),
    route('POST', '/v1/payment_intents/:id/confirm', ({ params, form }) => confirmPaymentIntent(store, params[0], form, settle)),
    route('GET', '/v1/charges', ({ form }) => listCharges(store, form)),
    route('GET', '/v1/charges/:id', ({ params }) => store.get('charge', params[0])),
    route('POST', '/v1/refunds', ({ form }) => createRefund(store, form)),
    route('GET', '/v1/refunds', ({ form }) => listRefunds(store, form)),
    route('GET', '/v1/refunds/:id', ({ params }) => store.get('refund', params[0])),
    route('GET', '/v1/disputes', ({ form }) => listDisputes(store, form)),
    route('GET', '/v1/disputes/:id', ({ params }) => store.get('dispute', params[0])),
    route('POST', '/v1/checkout/sessions', ({ form }) => createCheckoutSession(store, form, baseUrl())),
    route('GET', '/v1/checkout/sessions/:id', ({ params }) => findCheckoutSession(store, params[0])),
    route('POST', '/v1/checkout/sessions/:id/expire', ({ params }) => expireCheckoutSession(store, params[0])),
    route('GET', '/v1/events', ({ form }) => listEvents(store, form)),
    route('GET', '/v1/events/:id', ({ params }) => store.findEvent(params[0])),
  ];
}

/** Newest first; `type` (or `types[]`) may use `*` as a wildcard, e.g. `customer.subscription.*`. */
function listEvents(store: Store, query: FormObject): List<StripeEvent> {
  const types = [text(query, 'type'), ...strings(query, 'types')].filter((type): type is string => Boolean(type));
  const patterns = types.map((type) => new RegExp(`^${type.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`));
  const found = [...store.events].reverse().filter((event) => patterns.length === 0 || patterns.some((pattern) => pattern.test(event.type)));
  return limited(found, query, '/v1/events');
}

/** The SDK sends the key as Bearer; curl's `-u sk_test_…:` sends it as Basic, which Stripe accepts too. */
const SECRET_KEY_CHECK: ApiKeyCheck = {
  expected: SECRET_KEY,
  schemes: ['Bearer', 'Basic'],
  missing: () =>
    unauthorized(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    ),
  wrong: (key) => unauthorized(`Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`),
};

const unrecognized = (method: string, path: string) =>
  new StripeApiError({ status: 404, type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });

/** The test helpers take JSON or a form. */
function requestForm(req: IncomingMessage, body: string): FormObject {
  if (!(headerValue(req, 'content-type') ?? '').includes('json')) return parseForm(body);
  try {
    return formFromJson(body ? JSON.parse(body) : {});
  } catch {
    throw invalidRequest('Invalid JSON body.');
  }
}

/** Stripe's answers: indented JSON with a request id and the API version. */
const sendJson = jsonSender({
  headers: () => ({ 'request-id': newId('req', 14), 'stripe-version': API_VERSION, 'cache-control': 'no-store' }),
  indent: 2,
});
