// One Jest run, three projects: node unit tests, browser unit tests (jsdom) and integration tests
// against the real PostgreSQL, NATS and S3 server (`*.int-spec.ts`, started by tools/test).
const swcTransform = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false, react: { runtime: 'automatic' } },
      target: 'es2023',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];
const moduleNameMapper = {
  '^@lipcast/(contracts|nest-kit|media-tools|media-engine|web-kit|ui)$': '<rootDir>/libs/$1/src/index.ts',
  '^@lipcast/nest-kit/requests$': '<rootDir>/libs/nest-kit/src/requests/index.ts',
  '^@lipcast/web-kit/testing$': '<rootDir>/libs/web-kit/src/testing/index.ts',
  '^@lipcast/web-kit/prerender$': '<rootDir>/libs/web-kit/src/prerender/index.tsx',
  '\\.css$': '<rootDir>/tools/jest/style-stub.cjs',
};
const ignored = ['/node_modules/', '/dist/', '<rootDir>/e2e/'];
const common = {
  rootDir: __dirname,
  transform: { '^.+\\.tsx?$': swcTransform(true) },
  moduleNameMapper,
  testPathIgnorePatterns: ignored,
};
module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{libs/contracts,libs/nest-kit,libs/media-tools,libs/media-engine,services,gateway,tools,deploy}/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jsdom',
      setupFiles: ['<rootDir>/tools/jest/jsdom-polyfills.cjs'],
      testMatch: ['<rootDir>/{libs/web-kit,libs/ui,shell,mfe-*}/**/*.spec.{ts,tsx}'],
    },
    {
      ...common,
      displayName: 'integration',
      testEnvironment: '<rootDir>/tools/jest/integration-environment.cjs',
      testMatch: ['<rootDir>/**/*.int-spec.ts'],
    },
  ],
};
