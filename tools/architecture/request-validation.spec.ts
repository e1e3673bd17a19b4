/**
 * One validation home per request (ARCHITECTURE.md, "Request classes"): no body or query is let
 * through unchecked with class-validator's `@Allow()`, in the gateway, a service or a library
 * (`libs/nest-kit/src/requests/requests.spec.ts` checks every field its classes document).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const SOURCE_ROOTS = ['gateway/src', ...readdirSync(path.join(root, 'services')).map((service) => `services/${service}/src`), ...readdirSync(path.join(root, 'libs')).map((lib) => `libs/${lib}/src`)];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(relative);
    return entry.name.endsWith('.ts') ? [relative] : [];
  });
}

it("lets no request field through unchecked with class-validator's @Allow()", () => {
  const allowing = SOURCE_ROOTS.flatMap(sourceFiles).filter((file) => /@Allow\(|import\s*{[^}]*\bAllow\b[^}]*}\s*from\s*'class-validator'/.test(readFileSync(path.join(root, file), 'utf8')));
  expect(allowing).toEqual([]);
});
