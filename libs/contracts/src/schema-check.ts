/**
 * Checks a message against its subject's JSON Schema (libs/contracts/schemas/nats/). The schemas
 * come from ts-json-schema-generator and use only the keywords below; a schema with any other
 * keyword is refused rather than half-checked. No validator library: this runs inside the
 * services (when LIPCAST_CONTRACT_CHECK=1, in the integration tests), where only production
 * dependencies may be loaded; tools/contracts/schema-check.spec.ts holds it to Ajv's verdicts.
 */

export interface JsonSchema {
  $ref?: string;
  type?: JsonType | JsonType[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  /** `false`, or `{not: {}}` (nothing allowed: an empty record), or a schema for the other properties. */
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  not?: JsonSchema;
  description?: string;
}

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'object' | 'array';

/** How a message is read. */
export interface CheckOptions {
  /**
   * Null in an optional property counts as leaving it out: how the services read a request, since
   * class-validator's `@IsOptional()` (every DTO's) passes null and undefined alike.
   */
  nullAsAbsent?: boolean;
}

/** One subject's contract file. */
export interface SubjectSchema {
  subject: string;
  request: JsonSchema;
  reply: JsonSchema;
  definitions: Record<string, JsonSchema>;
}

const KNOWN_KEYWORDS = new Set(['$ref', 'type', 'properties', 'required', 'additionalProperties', 'items', 'minItems', 'maxItems', 'anyOf', 'enum', 'const', 'not', 'description']);

function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

const typeMatches = (expected: JsonType, actual: JsonType) => expected === actual || (expected === 'number' && actual === 'integer');

const isDeepEqual = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Where a schema's `#/definitions/<name>` points. */
export function resolveRef(schema: JsonSchema, definitions: Record<string, JsonSchema>): JsonSchema {
  if (schema.$ref === undefined) return schema;
  const name = schema.$ref.replace('#/definitions/', '');
  const target = definitions[name];
  if (!target) throw new Error(`the schema refers to ${schema.$ref}, which its definitions lack`);
  return resolveRef(target, definitions);
}

/**
 * What is wrong with `value` (as JSON carries it) under `schema`: one line per problem, with the
 * path to it (`reply.items[0].status`); empty when it conforms.
 */
export function schemaViolations(schema: JsonSchema, definitions: Record<string, JsonSchema>, value: unknown, path: string, options: CheckOptions = {}): string[] {
  const unknown = Object.keys(schema).filter((keyword) => !KNOWN_KEYWORDS.has(keyword));
  if (unknown.length > 0) throw new Error(`${path}: the schema uses ${unknown.join(', ')}, which this check does not know`);
  if (schema.$ref !== undefined) return schemaViolations(resolveRef(schema, definitions), definitions, value, path, options);
  if (schema.not !== undefined) {
    return schemaViolations(schema.not, definitions, value, path, options).length === 0 ? [`${path}: must not be ${JSON.stringify(value)}`] : [];
  }
  if (schema.anyOf) {
    const branches = schema.anyOf.map((branch) => schemaViolations(branch, definitions, value, path, options));
    if (branches.some((problems) => problems.length === 0)) return [];
    // The closest branch says most about what is wrong.
    return branches.reduce((fewest, problems) => (problems.length < fewest.length ? problems : fewest));
  }
  const actual = typeOf(value);
  if (schema.const !== undefined && !isDeepEqual(schema.const, value)) return [`${path}: must be ${JSON.stringify(schema.const)}, is ${JSON.stringify(value)}`];
  if (schema.enum && !schema.enum.some((allowed) => isDeepEqual(allowed, value))) {
    return [`${path}: must be one of ${schema.enum.map((allowed) => JSON.stringify(allowed)).join(', ')}, is ${JSON.stringify(value)}`];
  }
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((type) => typeMatches(type, actual))) return [`${path}: must be ${types.join(' or ')}, is ${actual === 'integer' ? 'number' : actual}`];
  }
  if (actual === 'object') return objectViolations(schema, definitions, value as Record<string, unknown>, path, options);
  if (actual === 'array') return arrayViolations(schema, definitions, value as unknown[], path, options);
  return [];
}

function objectViolations(schema: JsonSchema, definitions: Record<string, JsonSchema>, value: Record<string, unknown>, path: string, options: CheckOptions): string[] {
  const problems: string[] = [];
  const required = schema.required ?? [];
  for (const name of required) if (!(name in value)) problems.push(`${path}.${name}: required, missing`);
  for (const [name, item] of Object.entries(value)) {
    const declared = schema.properties?.[name];
    if (declared && item === null && options.nullAsAbsent && !required.includes(name)) continue;
    if (declared) problems.push(...schemaViolations(declared, definitions, item, `${path}.${name}`, options));
    else if (schema.additionalProperties === false) problems.push(`${path}.${name}: not in the contract`);
    else if (typeof schema.additionalProperties === 'object') problems.push(...schemaViolations(schema.additionalProperties, definitions, item, `${path}.${name}`, options));
  }
  return problems;
}

function arrayViolations(schema: JsonSchema, definitions: Record<string, JsonSchema>, value: unknown[], path: string, options: CheckOptions): string[] {
  const problems: string[] = [];
  if (schema.minItems !== undefined && value.length < schema.minItems) problems.push(`${path}: must have at least ${schema.minItems} items, has ${value.length}`);
  if (schema.maxItems !== undefined && value.length > schema.maxItems) problems.push(`${path}: must have at most ${schema.maxItems} items, has ${value.length}`);
  value.forEach((item, index) => {
    const itemSchema = Array.isArray(schema.items) ? schema.items[index] : schema.items;
    if (itemSchema) problems.push(...schemaViolations(itemSchema, definitions, item, `${path}[${index}]`, options));
  });
  return problems;
}
