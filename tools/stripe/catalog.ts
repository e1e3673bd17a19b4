/** Customers, products and prices. */
import { invalidRequest, missingParam } from './errors.ts';
import { boolean, integer, metadata, object, strings, text, type FormObject } from './form.ts';
import { list, newId, now, type Customer, type Interval, type List, type Price, type Product, type Store } from './store.ts';

const INTERVALS: Interval[] = ['day', 'week', 'month', 'year'];

export function createCustomer(store: Store, form: FormObject): Customer {
  const customer = store.insert<Customer>({
    id: newId('cus', 14),
    object: 'customer',
    created: now(),
    livemode: false,
    metadata: metadata(form),
    email: text(form, 'email') || null,
    name: text(form, 'name') || null,
    description: text(form, 'description') || null,
    phone: text(form, 'phone') || null,
    balance: 0,
    currency: null,
    default_source: null,
    delinquent: false,
    invoice_settings: { default_payment_method: null, custom_fields: null, footer: null, rendering_options: null },
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  });
  store.emit('customer.created', customer);
  return customer;
}

export function listCustomers(store: Store, query: FormObject): List<Customer> {
  const email = text(query, 'email');
  const found = store.all('customer').filter((customer) => email === undefined || customer.email === email);
  return limited(found, query, '/v1/customers');
}

export function createProduct(store: Store, form: FormObject): Product {
  const name = text(form, 'name');
  if (!name) throw missingParam('name');
  const created = now();
  return store.insert<Product>({
    id: newId('prod', 14),
    object: 'product',
    created,
    livemode: false,
    metadata: metadata(form),
    active: boolean(form, 'active') ?? true,
    name,
    description: text(form, 'description') || null,
    default_price: null,
    images: [],
    marketing_features: [],
    package_dimensions: null,
    shippable: null,
    type: 'service',
    unit_label: null,
    updated: created,
    url: null,
  });
}

export function createPrice(store: Store, form: FormObject): Price {
  const currency = text(form, 'currency')?.toLowerCase();
  if (!currency) throw missingParam('currency');
  const unitAmount = integer(form, 'unit_amount');
  if (unitAmount === undefined) throw missingParam('unit_amount');
  if (unitAmount < 0) throw invalidRequest('This value must be greater than or equal to 0.', 'unit_amount');
  const product = priceProduct(store, form);
  const recurring = object(form, 'recurring');
  const interval = text(recurring, 'interval') as Interval | undefined;
  if (Object.keys(recurring).length > 0 && !INTERVALS.includes(interval as Interval)) {
    throw invalidRequest(`Invalid recurring[interval]: must be one of ${INTERVALS.join(', ')}`, 'recurring[interval]');
  }
  const lookupKey = text(form, 'lookup_key') || null;
  if (lookupKey) claimLookupKey(store, lookupKey, boolean(form, 'transfer_lookup_key') ?? false);
  return store.insert<Price>({
    id: newId('price'),
    object: 'price',
    created: now(),
    livemode: false,
    metadata: metadata(form),
    active: boolean(form, 'active') ?? true,
    billing_scheme: 'per_unit',
    currency,
    custom_unit_amount: null,
    lookup_key: lookupKey,
    nickname: text(form, 'nickname') || null,
    product: product.id,
    recurring: interval
      ? { interval, interval_count: integer(recurring, 'interval_count') ?? 1, meter: null, trial_period_days: null, usage_type: 'licensed' }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: interval ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  });
}

function priceProduct(store: Store, form: FormObject): Product {
  const productId = text(form, 'product');
  if (productId) return store.get('product', productId, 'product');
  const productData = object(form, 'product_data');
  if (Object.keys(productData).length === 0) throw missingParam('product');
  return createProduct(store, productData);
}

/** A lookup key names one price; `transfer_lookup_key` moves it from the price that has it. */
function claimLookupKey(store: Store, lookupKey: string, transfer: boolean): void {
  const holder = store.all('price').find((price) => price.lookup_key === lookupKey);
  if (!holder) return;
  if (!transfer) throw invalidRequest(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
  holder.lookup_key = null;
}

export function listPrices(store: Store, query: FormObject): List<Price> {
  const lookupKeys = strings(query, 'lookup_keys');
  const active = boolean(query, 'active');
  const product = text(query, 'product');
  const type = text(query, 'type');
  const found = store
    .all('price')
    .filter((price) => lookupKeys.length === 0 || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key)))
    .filter((price) => active === undefined || price.active === active)
    .filter((price) => product === undefined || price.product === product)
    .filter((price) => type === undefined || price.type === type);
  return limited(found, query, '/v1/prices');
}

/** The first `limit` (default 10, at most 100) of a newest-first list, after the `starting_after` id if given. */
export function limited<T extends { id: string }>(items: T[], query: FormObject, url: string): List<T> {
  const limit = integer(query, 'limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalidRequest('This value must be between 1 and 100.', 'limit');
  const after = text(query, 'starting_after');
  const rest = after ? items.slice(items.findIndex((item) => item.id === after) + 1) : items;
  return list(rest.slice(0, limit), url, rest.length > limit);
}
