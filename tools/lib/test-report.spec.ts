import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestReport } from './test-report';

const ROOT = '/work/lipcast';

describe('the test report', () => {
  let folder: string;
  const write = (name: string, report: unknown) => {
    const file = join(folder, name);
    writeFileSync(file, JSON.stringify(report));
    return file;
  };
  beforeEach(() => (folder = mkdtempSync(join(tmpdir(), 'test-report-'))));
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  const jestFile = (name: string, seconds: number, statuses: string[]) => ({
    name: join(ROOT, name),
    startTime: 1_000,
    endTime: 1_000 + seconds * 1000,
    assertionResults: statuses.map((status, index) => ({ status, fullName: `case ${index}` })),
  });

  it('counts Jest results, and a skipped or todo test as a problem of the run', () => {
    const report = new TestReport(ROOT);
    report.addJest(
      write('unit.json', {
        numPassedTests: 3,
        numFailedTests: 1,
        numRuntimeErrorTestSuites: 1,
        testResults: [jestFile('libs/a.spec.ts', 2, ['passed', 'passed', 'failed']), jestFile('libs/b.spec.ts', 7.25, ['passed', 'pending', 'todo'])],
      }),
    );
    expect([report.passed, report.failed]).toEqual([3, 2]);
    expect(report.problems).toEqual(['skipped: libs/b.spec.ts › case 1', 'skipped: libs/b.spec.ts › case 2']);
    expect(report.timings(10, []).slowestFiles).toEqual([
      { file: 'libs/b.spec.ts', seconds: 7.3 },
      { file: 'libs/a.spec.ts', seconds: 2 },
    ]);
  });

  it('counts a Playwright test that passed only on retry as failed, and names it', () => {
    const report = new TestReport(ROOT);
    const result = (duration: number) => ({ duration });
    report.addPlaywright(
      write('e2e.json', {
        stats: { expected: 2, unexpected: 0, flaky: 1, skipped: 0 },
        suites: [
          {
            file: 'wizard.spec.ts',
            specs: [{ title: 'makes a video', tests: [{ projectName: 'chromium', status: 'expected', results: [result(4000)] }] }],
            suites: [{ file: 'wizard.spec.ts', specs: [{ title: 'retries', tests: [{ projectName: 'chromium', status: 'flaky', results: [result(1000), result(1500)] }] }] }],
          },
          { file: 'blog.spec.ts', specs: [{ title: 'lists posts', tests: [{ projectName: 'chromium', status: 'expected', results: [result(500)] }] }] },
        ],
      }),
    );
    expect([report.passed, report.failed]).toEqual([2, 1]);
    expect(report.problems).toEqual(['flaky: e2e/tests/wizard.spec.ts › retries (chromium)']);
    expect(report.timings(60, [{ name: 'e2e', seconds: 60, cpuSeconds: 90 }])).toEqual({
      totalSeconds: 60,
      steps: [{ name: 'e2e', seconds: 60, cpuSeconds: 90 }],
      slowestFiles: [
        { file: 'e2e/tests/wizard.spec.ts', seconds: 6.5 },
        { file: 'e2e/tests/blog.spec.ts', seconds: 0.5 },
      ],
    });
  });

  it('adds nothing for a report that was never written (the step failed before its runner started)', () => {
    const report = new TestReport(ROOT);
    report.addJest(join(folder, 'missing.json'));
    report.addPlaywright(join(folder, 'missing.json'));
    expect([report.passed, report.failed, report.problems]).toEqual([0, 0, []]);
  });
});
