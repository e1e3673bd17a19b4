/**
 * The data access rule (ARCHITECTURE.md, "Data"): every query lives in a `*.repository.ts`. This test
 * reads the product's back-end source and fails on a query form anywhere else, naming the file and line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

/** Where the product's back-end code is: the gateway, each service and the libraries. */
const SOURCE_ROOTS = ['gateway/src', ...readdirSync(path.join(root, 'services')).map((service) => `services/${service}/src`), ...readdirSync(path.join(root, 'libs')).map((lib) => `libs/${lib}/src`)];

/** The files allowed to query outside a repository, each with the reason. */
const ALLOWED: { pattern: RegExp; reason: string }[] = [
  { pattern: /\.repository\.ts$/, reason: 'a repository: where queries live' },
  { pattern: /\/migrations\//, reason: 'migrations are SQL by nature' },
  { pattern: /\.(spec|int-spec)\.ts$|\/testing\.ts$|\/test-[\w-]+\.ts$/, reason: 'tests and their helpers set up and inspect rows directly' },
  { pattern: /\/database\.ts$/, reason: 'the plumbing that makes each query builder (and the connection probe)' },
  { pattern: /^libs\/nest-kit\/src\/orm\.ts$/, reason: 'the plumbing that opens the ORM and runs migrations' },
  { pattern: /^libs\/nest-kit\/src\/ping\.ts$|^gateway\/src\/health\/readiness\.ts$/, reason: "a connection probe (`select 1`), which reads no table" },
];

/** What a query looks like in this code base: Kysely builders and raw SQL, the entity manager's queries, a pool's `query`. */
const QUERY_FORMS: RegExp[] = [
  /\.(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\(/,
  /\.execute(TakeFirst(OrThrow)?)?\(/,
  /\b(auth|billing|content|generation|gateway)Database\(/,
  /\bsql(<[^>]*>)?`|\bsql\.(ref|raw|lit|id|join|table|val)\(|\.raw\(/,
  /\bem\.(find\w*|count\w*|create|assign|persist\w*|flush|insert\w*|upsert\w*|nativeUpdate|nativeDelete|remove\w*|refresh\w*|populate|lock|getConnection|getKysely|getRepository|createQueryBuilder|qb|execute|transactional|begin|commit|rollback|fork)\b/,
  /\.query\(/,
];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [relative] : [];
  });
}

/** Lines of code only: a comment may name a query form to explain one. */
const isComment = (line: string) => /^\s*(\/\/|\/\*|\*)/.test(line);

describe('data access', () => {
  it('queries only in repositories (and migrations, tests and the connection plumbing)', () => {
    const outside = SOURCE_ROOTS.flatMap(sourceFiles)
      .filter((file) => !ALLOWED.some(({ pattern }) => pattern.test(file)))
      .flatMap((file) =>
        readFileSync(path.join(root, file), 'utf8')
          .split('\n')
          .flatMap((line, index) => (!isComment(line) && QUERY_FORMS.some((form) => form.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(outside).toEqual([]);
  });
});
