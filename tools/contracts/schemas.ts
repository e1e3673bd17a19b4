/**
 * The NATS contracts as JSON Schemas, generated from the table of subjects (libs/contracts/src/subjects.ts):
 * one file per subject in libs/contracts/schemas/nats/, holding its request, its reply and the
 * definitions they use. The files are checked in; contracts.spec.ts keeps them current and refuses
 * a change to one that is not backward compatible (compat.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ChainNodeParser, createFormatter, createParser, createProgram, DEFAULT_CONFIG, SchemaGenerator, type CompletedConfig } from 'ts-json-schema-generator';
import type TypeScript from 'typescript';
import type { JsonSchema, SubjectSchema } from '@lipcast/contracts';

/** The TypeScript the generator compiles with: its own dependency, which may be another version than the repository's. */
const ts = createRequire(createRequire(import.meta.url).resolve('ts-json-schema-generator'))('typescript') as typeof TypeScript;
type GeneratorNode = Parameters<SchemaGenerator['createSchemaFromNodes']>[0][number];

const ROOT = join(import.meta.dirname, '../..');
export const CONTRACTS_DIR = join(ROOT, 'libs/contracts/schemas/nats');
const SOURCE = join(ROOT, 'libs/contracts/src/subjects.ts');

export const contractFile = (subject: string) => join(CONTRACTS_DIR, `${subject}.json`);

/** One subject of the table as its source writes it: its name and the type nodes of what travels on it. */
interface TableEntry {
  subject: string;
  /** null for an event. */
  request: TypeScript.TypeNode | null;
  reply: TypeScript.TypeNode;
}

/**
 * Each `subject<Request, Reply>()('<name>')` and `event<Payload>()('<name>')` of subjects.ts, read
 * from its syntax: the generator parses type nodes, and would not follow the branded types they
 * return. An event is held as a reply nobody asked for: its publisher writes it, its subscribers read it.
 */
function tableEntries(source: TypeScript.SourceFile): TableEntry[] {
  const entries: TableEntry[] = [];
  const visit = (node: TypeScript.Node): void => {
    if (ts.isCallExpression(node) && ts.isCallExpression(node.expression) && ts.isIdentifier(node.expression.expression)) {
      const kind = node.expression.expression.text;
      const [name] = node.arguments;
      const types = node.expression.typeArguments ?? [];
      if ((kind === 'subject' && types.length === 2) || (kind === 'event' && types.length === 1)) {
        if (!name || !ts.isStringLiteral(name)) throw new Error(`subjects.ts: a ${kind} is named by a string literal (${node.getText(source)})`);
        entries.push(kind === 'subject' ? { subject: name.text, request: types[0], reply: types[1] } : { subject: name.text, request: null, reply: types[0] });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return entries;
}

/** Every subject's and event's schema, from the TypeScript types as they are now (a few seconds: it compiles the contracts). */
export function generateSubjectSchemas(): SubjectSchema[] {
  const config: CompletedConfig = {
    ...DEFAULT_CONFIG,
    path: SOURCE,
    tsconfig: join(ROOT, 'libs/contracts/tsconfig.json'),
    skipTypeCheck: true, // the type-check does that
    expose: 'export',
    jsDoc: 'basic',
    additionalProperties: false,
  };
  const program = createProgram(config);
  // The parser chain itself, as it parses an interface's property types: a named type becomes a
  // `$ref` and any other is written inline (createParser's own top level would name every root).
  let typeParser: ChainNodeParser | undefined;
  createParser(program, config, (chain) => {
    if (chain instanceof ChainNodeParser) typeParser = chain;
  });
  const generator = new SchemaGenerator(program, typeParser!, createFormatter(config), config);
  /** A type node's schema and the definitions it uses. */
  const schemaOf = (node: TypeScript.TypeNode) => {
    const { $schema: _schema, definitions = {}, ...schema } = generator.createSchemaFromNodes([node as unknown as GeneratorNode]) as JsonSchema & { $schema: string; definitions?: Record<string, JsonSchema> };
    return { schema, definitions };
  };
  return tableEntries(program.getSourceFile(SOURCE) as unknown as TypeScript.SourceFile).map(({ subject, request, reply }) => {
    const requestSchema = request ? schemaOf(request) : { schema: { type: 'null' } as JsonSchema, definitions: {} };
    const replySchema = schemaOf(reply);
    return { subject, request: requestSchema.schema, reply: replySchema.schema, definitions: { ...requestSchema.definitions, ...replySchema.definitions } };
  });
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
