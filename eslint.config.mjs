// Lint for the whole workspace. `@nx/enforce-module-boundaries` turns the architecture's rules into
// errors: a remote never imports another remote, a service never imports another service, the shell
// never imports a remote's source, and libs/contracts depends on nothing.
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.nx/**', '**/.data/**', 'test-results/**', 'playwright-report/**', '**/*.cjs', '**/*.mjs', '**/*.js'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Apps are never imported: remotes reach each other only at run time, services only over NATS.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@lipcast/mfe-*', '@lipcast/shell', '@lipcast/shell/*'], message: 'Remotes and the shell are loaded at run time through Module Federation, never imported.' },
            { group: ['@lipcast/service-*', '@lipcast/gateway', '@lipcast/gateway/*'], message: 'Services talk over NATS through libs/contracts, never by import.' },
          ],
        },
      ],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib', 'type:contracts'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'] },
            { sourceTag: 'scope:service', onlyDependOnLibsWithTags: ['scope:service', 'scope:shared'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:test', onlyDependOnLibsWithTags: ['scope:shared', 'scope:tools'] },
            { sourceTag: 'scope:tools', onlyDependOnLibsWithTags: ['scope:shared', 'scope:tools'] },
          ],
        },
      ],
    },
  },
  {
    files: ['libs/web-kit/**/*.{ts,tsx}', 'libs/ui/**/*.{ts,tsx}', 'shell/**/*.{ts,tsx}', 'mfe-*/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/*.int-spec.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      // A focused or skipped test passes nothing: the whole suite runs, always (npm test also fails on a skipped test).
      'no-restricted-syntax': [
        'error',
        ...["MemberExpression[object.name=/^(describe|it|test)$/]", "MemberExpression[object.object.name='test'][object.property.name='describe']"].map((object) => ({
          selector: `${object}[property.name=/^(only|skip|fixme|todo)$/]`,
          message: 'every test runs: no .only, .skip, .fixme or .todo',
        })),
      ],
      'no-restricted-globals': ['error', ...['fit', 'fdescribe', 'xit', 'xtest', 'xdescribe'].map((name) => ({ name, message: 'every test runs: no focused or skipped tests' }))],
    },
  },
);
