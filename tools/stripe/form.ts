/**
 * Stripe's request parameters: form-encoded (or query) pairs in bracket notation, `items[0][price]=x`,
 * `expand[]=a`, parsed into nested objects and arrays; plus readers that answer Stripe's 400 errors.
 */
import { invalidRequest } from './errors.ts';

export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

/** Keys that would reach Object.prototype if used as property names. */
const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

export function parseForm(text: string): FormObject {
  const form: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) assign(form, keyPath(key), value);
  return form;
}

/** A JSON body (the test helpers accept one) in the same shape, every leaf a string. */
export function formFromJson(value: unknown): FormObject {
  const converted = toFormValue(value);
  return typeof converted === 'object' && !Array.isArray(converted) ? converted : {};
}

function toFormValue(value: unknown): FormValue {
  if (Array.isArray(value)) return value.map(toFormValue);
  if (value !== null && typeof value === 'object') {
    const object: FormObject = {};
    for (const [key, item] of Object.entries(value)) if (!UNSAFE_KEYS.has(key)) object[key] = toFormValue(item);
    return object;
  }
  return value === null || value === undefined ? '' : String(value);
}

/** `a[b][0][]` → ['a', 'b', '0', '']. */
function keyPath(key: string): string[] {
  const open = key.indexOf('[');
  if (open < 0) return [key];
  const path = [key.slice(0, open)];
  for (const match of key.slice(open).matchAll(/\[([^\]]*)\]/g)) path.push(match[1]);
  return path;
}

function assign(container: FormObject | FormValue[], path: string[], value: string): void {
  const [segment, ...rest] = path;
  if (UNSAFE_KEYS.has(segment)) return;
  const isArray = Array.isArray(container);
  // `[]` appends; a numeric segment indexes an array.
  const slot = isArray && segment === '' ? container.length : segment;
  const read = () => (isArray ? container[Number(slot)] : (container as FormObject)[slot]);
  const write = (item: FormValue) => {
    if (isArray) container[Number(slot)] = item;
    else (container as FormObject)[slot] = item;
  };
  if (isArray && !/^\d+$/.test(String(slot))) return;
  if (rest.length === 0) {
    write(value);
    return;
  }
  let child = read();
  const wantsArray = rest[0] === '' || /^\d+$/.test(rest[0]);
  if (typeof child !== 'object') {
    child = wantsArray ? [] : {};
    write(child);
  }
  assign(child, rest, value);
}

// Readers. Each takes the parsed form and a parameter name; wrong types answer 400 like Stripe.

export function text(form: FormObject, param: string): string | undefined {
  const value = form[param];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${param} must be a string.`, param);
  return value;
}

export function object(form: FormObject, param: string): FormObject {
  const value = form[param];
  if (value === undefined || value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest(`Invalid object: ${param} must be a hash.`, param);
  return value;
}

/** Arrays may arrive as `a[]=x`, `a[0]=x` or (from hand-written requests) `a=x`. */
export function array(form: FormObject, param: string): FormValue[] {
  const value = form[param];
  if (value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.filter((item) => item !== undefined);
  if (typeof value === 'string') return [value];
  return Object.values(value);
}

export function strings(form: FormObject, param: string): string[] {
  return array(form, param).filter((item): item is string => typeof item === 'string');
}

export function integer(form: FormObject, param: string): number | undefined {
  const value = text(form, param);
  if (value === undefined || value === '') return undefined;
  if (!/^-?\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, param);
  return Number(value);
}

export function boolean(form: FormObject, param: string): boolean | undefined {
  const value = text(form, param);
  if (value === undefined || value === '') return undefined;
  if (value !== 'true' && value !== 'false') throw invalidRequest(`Invalid boolean: ${value}`, param);
  return value === 'true';
}

/** Stripe metadata: string values only; an empty value (on update) removes the key. */
export function metadata(form: FormObject, param = 'metadata'): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(object(form, param))) {
    if (typeof value !== 'string') throw invalidRequest(`Invalid metadata: ${param}[${key}] must be a string.`, `${param}[${key}]`);
    result[key] = value;
  }
  return result;
}
