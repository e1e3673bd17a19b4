/**
 * The NATS contracts as JSON Schemas, generated from `SubjectContracts` (libs/contracts/src/subject-contracts.ts):
 * one file per subject in libs/contracts/schemas/nats/, holding its request, its reply and the
 * definitions they use. The files are checked in; contracts.spec.ts keeps them current and refuses
 * a change to one that is not backward compatible (compat.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGenerator } from 'ts-json-schema-generator';
import type { JsonSchema, SubjectSchema } from '@lipcast/contracts';

const ROOT = join(import.meta.dirname, '../..');
export const CONTRACTS_DIR = join(ROOT, 'libs/contracts/schemas/nats');
const SOURCE = join(ROOT, 'libs/contracts/src/subject-contracts.ts');

export const contractFile = (subject: string) => join(CONTRACTS_DIR, `${subject}.json`);

/** The `#/definitions/<name>` references in a schema. */
function referencedNames(schema: unknown): string[] {
  if (Array.isArray(schema)) return schema.flatMap(referencedNames);
  if (typeof schema !== 'object' || schema === null) return [];
  return Object.entries(schema).flatMap(([key, value]) =>
    key === '$ref' && typeof value === 'string' ? [value.replace('#/definitions/', '')] : referencedNames(value),
  );
}

/** The definitions a request and reply need, followed through the definitions themselves. */
function definitionsUsedBy(roots: JsonSchema[], all: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const used = new Set<string>();
  const pending = roots.flatMap(referencedNames);
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (used.has(name)) continue;
    used.add(name);
    pending.push(...referencedNames(all[name]));
  }
  return Object.fromEntries([...used].sort().map((name) => [name, all[name]]));
}

/** Every subject's and event's schema, from the TypeScript types as they are now (a few seconds: it compiles the contracts). */
export function generateSubjectSchemas(): SubjectSchema[] {
  const generator = createGenerator({
    path: SOURCE,
    type: 'SubjectContracts',
    tsconfig: join(ROOT, 'libs/contracts/tsconfig.json'),
    skipTypeCheck: true, // the type-check does that
    expose: 'export',
    jsDoc: 'basic',
    topRef: true,
    additionalProperties: false,
  });
  const document = generator.createSchema('SubjectContracts') as { definitions: Record<string, JsonSchema> };
  const { SubjectContracts: map, ...definitions } = document.definitions;
  const subjects = map.properties as Record<string, { properties: { request: JsonSchema; reply: JsonSchema } }>;
  const requestReply = Object.entries(subjects).map(([subject, { properties }]) => ({ subject, request: properties.request, reply: properties.reply }));
  // An event is held as a reply nobody asked for: its publisher writes it, its subscribers read it.
  const eventDocument = generator.createSchema('EventContracts') as { definitions: Record<string, JsonSchema> };
  const { EventContracts: eventMap, ...eventDefinitions } = eventDocument.definitions;
  const events = Object.entries(eventMap.properties as Record<string, JsonSchema>).map(([subject, payload]) => ({ subject, request: { type: 'null' } as JsonSchema, reply: payload }));
  const allDefinitions = { ...definitions, ...eventDefinitions };
  return [...requestReply, ...events].map((schema) => ({ ...schema, definitions: definitionsUsedBy([schema.request, schema.reply], allDefinitions) }));
}

/** Object keys sorted at every level (arrays keep their order), so a file changes only when its contract does. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]));
}

export const formatContract = (schema: SubjectSchema) =>
  `${JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', ...(sortKeys(schema) as object) }, null, 2)}\n`;

/** The checked-in contracts: subject → the file's text. */
export function readCheckedInContracts(): Map<string, string> {
  if (!existsSync(CONTRACTS_DIR)) return new Map();
  return new Map(
    readdirSync(CONTRACTS_DIR)
      .filter((name) => name.endsWith('.json'))
      .map((name) => [name.slice(0, -'.json'.length), readFileSync(join(CONTRACTS_DIR, name), 'utf8')]),
  );
}
