/**
 * The stand-in's objects checked against the `stripe` SDK's own types, so that a field whose name or
 * value differs from the real API fails the type-check. The stand-in keeps narrower types than the SDK
 * (a `customer` here is always an id, never an expanded object; `livemode` is always false) and leaves
 * out what it does not speak; `Fits<Stripe.X, Ours>` is `Ours`, accepted only when every field it has,
 * at every depth, is a field of Stripe's type holding a value Stripe's type allows. A mismatch reads
 * e.g. "Types of property 'status' are incompatible", or, for a field Stripe does not have, "… is not
 * assignable to type '"not a field of Stripe's type"'".
 */
import type Stripe from 'stripe';

type KeysOf<T> = T extends unknown ? keyof T : never;
type FieldOf<T, K> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;
/** The object types among Stripe's field type (it is often `string | Stripe.X | null`: an id or the expanded object). */
type ObjectsIn<T> = Exclude<Extract<T, object>, readonly unknown[]>;
type ItemsOf<T> = T extends readonly (infer Item)[] ? Item : never;

/** `Ours` with every field Stripe's type lacks, or fills with another value, replaced by what Stripe's type wants there. */
export type AsStripeAllows<Ours, Theirs> = Ours extends readonly (infer Item)[]
  ? AsStripeAllows<Item, ItemsOf<WireForm<Theirs>>>[]
  : Ours extends object
    ? { [K in keyof Ours]: K extends KeysOf<ObjectsIn<WireForm<Theirs>>> ? AsStripeAllows<Ours[K], FieldOf<ObjectsIn<WireForm<Theirs>>, K>> : "not a field of Stripe's type" }
    : Ours extends WireForm<Theirs>
      ? Ours
      : WireForm<Theirs>;

/**
 * Stripe's type as the JSON on the wire has it: the SDK turns decimal strings into `Stripe.Decimal` objects
 * as it reads an answer, and the lists inside an object (a subscription's items, an invoice's lines) carry
 * a `total_count` that the SDK's `ApiList` does not type.
 */
type WireForm<T> = T extends Stripe.Decimal ? string : T extends Stripe.ApiList<unknown> ? T & { total_count?: number } : T;

/** `Same` is `Ours` again: a type parameter may not name itself in its own constraint. */
export type Fits<Theirs, Ours extends AsStripeAllows<Same, Theirs>, Same = Ours> = Ours;
