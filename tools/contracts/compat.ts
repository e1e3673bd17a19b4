/**
 * Is a new version of a subject's contract backward compatible with the published one (same `.vN`)?
 * Callers and the service are deployed apart, so each side may meet the other's previous version:
 * - a request is written by the caller and read by the service: the new schema must accept every
 *   request the old one allowed (no new required field, no removed value, no narrowed type);
 * - a reply is written by the service and read by the caller: every reply the new schema allows
 *   must be one an old caller understands (no new value in an enum, no field that may now be
 *   missing or null, no widened type). New reply fields are fine: callers ignore what they do not read.
 * And a property once published stays, with its type, on both: remove or retype it in a new `.vN`.
 */
import { resolveRef, type JsonSchema, type JsonType, type SubjectSchema } from '@lipcast/contracts';

type Direction = 'request' | 'reply';

interface Side {
  schema: JsonSchema;
  definitions: Record<string, JsonSchema>;
}

/** One accepted shape of a schema: a union (anyOf, a type list, an enum) is several. */
type Branch =
  | { kind: 'any' }
  | { kind: 'value'; value: unknown }
  | { kind: 'type'; type: Exclude<JsonType, 'object' | 'array'> }
  | { kind: 'object'; schema: JsonSchema }
  | { kind: 'array'; schema: JsonSchema };

const show = (value: unknown) => JSON.stringify(value);

function branchesOf({ schema, definitions }: Side): Branch[] {
  const resolved = resolveRef(schema, definitions);
  if (resolved.anyOf) return resolved.anyOf.flatMap((branch) => branchesOf({ schema: branch, definitions }));
  if (resolved.const !== undefined) return [{ kind: 'value', value: resolved.const }];
  if (resolved.enum) return resolved.enum.map((value) => ({ kind: 'value', value }));
  if (resolved.type === undefined) return [{ kind: 'any' }];
  const types = Array.isArray(resolved.type) ? resolved.type : [resolved.type];
  return types.map((type): Branch => {
    if (type === 'object' || type === 'array') return { kind: type, schema: { ...resolved, type } };
    return { kind: 'type', type };
  });
}

function describe(branch: Branch): string {
  if (branch.kind === 'any') return 'anything';
  if (branch.kind === 'value') return show(branch.value);
  if (branch.kind === 'type') return branch.type;
  return branch.kind;
}

function valueType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

const covers = (reader: JsonType, writer: JsonType) => reader === writer || (reader === 'number' && writer === 'integer');

/** The old and new versions of one place in the contract; problems are reported under `path`. */
interface Comparison {
  old: Side;
  now: Side;
  direction: Direction;
  path: string;
  /** Pairs of definitions already being compared (recursive types). */
  seen: Set<string>;
}

/** Problems with a writer's branch that no reader branch accepts; [] when one does. */
function branchProblems(writer: Branch, readers: Branch[], comparison: Comparison, writerSide: Side, readerSide: Side): string[] {
  if (readers.some((reader) => reader.kind === 'any')) return [];
  const { path, direction } = comparison;
  const refused =
    direction === 'request'
      ? `${path}: no longer accepts ${describe(writer)}, which callers of this version may send`
      : `${path}: may now be ${describe(writer)}, which callers of this version do not expect`;
  switch (writer.kind) {
    case 'any':
      return [refused];
    case 'value':
      return readers.some((reader) => (reader.kind === 'value' && show(reader.value) === show(writer.value)) || (reader.kind === 'type' && covers(reader.type, valueType(writer.value))))
        ? []
        : [refused];
    case 'type':
      return readers.some((reader) => reader.kind === 'type' && covers(reader.type, writer.type)) ? [] : [refused];
    case 'object':
    case 'array': {
      const candidates = readers.filter((reader) => reader.kind === writer.kind) as { schema: JsonSchema }[];
      if (candidates.length === 0) return [refused];
      // The writer's shape has to fit one of the reader's: the closest one says what is wrong.
      const attempts = candidates.map((reader) => {
        const [oldSchema, newSchema] = direction === 'request' ? [writer.schema, reader.schema] : [reader.schema, writer.schema];
        const [oldSide, newSide] = direction === 'request' ? [writerSide, readerSide] : [readerSide, writerSide];
        const next = { ...comparison, old: { ...oldSide, schema: oldSchema }, now: { ...newSide, schema: newSchema } };
        return writer.kind === 'object' ? compareObjects(next) : compareArrays(next);
      });
      return attempts.reduce((fewest, problems) => (problems.length < fewest.length ? problems : fewest));
    }
  }
}

function compare(comparison: Comparison): string[] {
  const { old, now, direction } = comparison;
  const key = `${direction}|${comparison.old.schema.$ref ?? ''}|${comparison.now.schema.$ref ?? ''}`;
  if (old.schema.$ref && now.schema.$ref) {
    if (comparison.seen.has(key)) return [];
    comparison = { ...comparison, seen: new Set([...comparison.seen, key]) };
  }
  // Requests: the old callers write, the new service reads. Replies: the new service writes, the old callers read.
  const [writerSide, readerSide] = direction === 'request' ? [old, now] : [now, old];
  const readers = branchesOf(readerSide);
  return branchesOf(writerSide).flatMap((writer) => branchProblems(writer, readers, comparison, writerSide, readerSide));
}

function compareObjects(comparison: Comparison): string[] {
  const { old, now, direction, path } = comparison;
  const oldProperties = old.schema.properties ?? {};
  const newProperties = now.schema.properties ?? {};
  const oldRequired = new Set(old.schema.required ?? []);
  const newRequired = new Set(now.schema.required ?? []);
  const problems: string[] = [];
  for (const [name, oldProperty] of Object.entries(oldProperties)) {
    const at = `${path}.${name}`;
    const newProperty = newProperties[name];
    if (!newProperty) {
      problems.push(`${at}: removed (a published property stays; drop it in a new version of the subject)`);
      continue;
    }
    if (direction === 'request' && !oldRequired.has(name) && newRequired.has(name)) problems.push(`${at}: now required, and callers of this version may leave it out`);
    if (direction === 'reply' && oldRequired.has(name) && !newRequired.has(name)) problems.push(`${at}: may now be missing, and callers of this version expect it`);
    problems.push(...compare({ ...comparison, path: at, old: { ...old, schema: oldProperty }, now: { ...now, schema: newProperty } }));
  }
  for (const name of Object.keys(newProperties)) {
    if (!(name in oldProperties) && direction === 'request' && newRequired.has(name)) problems.push(`${path}.${name}: a new required property, which callers of this version do not send`);
  }
  return problems;
}

function compareArrays(comparison: Comparison): string[] {
  const { old, now, path } = comparison;
  const oldItems = old.schema.items;
  const newItems = now.schema.items;
  if (oldItems === undefined || newItems === undefined || Array.isArray(oldItems) || Array.isArray(newItems)) {
    return show(oldItems) === show(newItems) ? [] : [`${path}: its items changed shape (a tuple or untyped list): publish a new version of the subject`];
  }
  return compare({ ...comparison, path: `${path}[]`, old: { ...old, schema: oldItems }, now: { ...now, schema: newItems } });
}

/** What breaks callers or the service if `now` replaces `old` under the same subject; [] when it is backward compatible. */
export function incompatibilities(old: SubjectSchema, now: SubjectSchema): string[] {
  return (['request', 'reply'] as const).flatMap((direction) =>
    compare({
      old: { schema: old[direction], definitions: old.definitions },
      now: { schema: now[direction], definitions: now.definitions },
      direction,
      path: direction,
      seen: new Set(),
    }),
  );
}
