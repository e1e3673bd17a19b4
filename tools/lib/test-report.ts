/**
 * What `npm test` says at its end: the counts, the tests that failed the run without failing an
 * assertion (flaky: passed only on retry; skipped or focused), each step's wall and CPU time and the
 * slowest test files, read from Jest's and Playwright's JSON reports. Also written to
 * `.data/test-reports/timings.json` for the next decision about the suite's cost.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { StepTiming } from './steps.ts';

export interface FileTiming {
  file: string;
  seconds: number;
}

export interface TestTimings {
  totalSeconds: number;
  steps: StepTiming[];
  slowestFiles: FileTiming[];
}

const SLOWEST_SHOWN = 15;

export class TestReport {
  passed = 0;
  failed = 0;
  /** Tests that make the run fail although no assertion failed: `flaky: …`, `skipped: …`. */
  readonly problems: string[] = [];
  private readonly files: FileTiming[] = [];
  /** The workspace, which file names are given relative to. */
  private readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  /** Adds a Jest `--json` report (absent when Jest could not start: the step's exit code says so). */
  addJest(reportFile: string): void {
    if (!existsSync(reportFile)) return;
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as JestReport;
    this.passed += report.numPassedTests;
    this.failed += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    for (const file of report.testResults) {
      this.files.push({ file: relative(this.root, file.name), seconds: (file.endTime - file.startTime) / 1000 });
      // A skipped, todo or focused-away test passes nothing: it counts as a failure of the run.
      for (const test of file.assertionResults) {
        if (['pending', 'skipped', 'todo', 'disabled', 'focused'].includes(test.status)) this.problems.push(`skipped: ${relative(this.root, file.name)} › ${test.fullName}`);
      }
    }
  }

  /** Adds a Playwright JSON report: a test that passed only on retry is a failure here. */
  addPlaywright(reportFile: string): void {
    if (!existsSync(reportFile)) return;
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as PlaywrightReport;
    this.passed += report.stats.expected;
    this.failed += report.stats.unexpected + report.stats.flaky;
    const perFile = new Map<string, number>();
    const walk = (suite: PlaywrightSuite, file: string) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests) {
          perFile.set(file, (perFile.get(file) ?? 0) + test.results.reduce((sum, result) => sum + result.duration, 0) / 1000);
          const name = `${file} › ${spec.title} (${test.projectName})`;
          if (test.status === 'flaky') this.problems.push(`flaky: ${name}`);
          if (test.status === 'skipped') this.problems.push(`skipped: ${name}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child, file);
    };
    for (const suite of report.suites) walk(suite, `e2e/tests/${suite.file}`);
    for (const [file, seconds] of perFile) this.files.push({ file, seconds });
  }

  timings(totalSeconds: number, steps: StepTiming[]): TestTimings {
    const slowestFiles = [...this.files]
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SLOWEST_SHOWN)
      .map(({ file, seconds }) => ({ file, seconds: Math.round(seconds * 10) / 10 }));
    return { totalSeconds: Math.round(totalSeconds), steps, slowestFiles };
  }
}

export function writeTimings(file: string, timings: TestTimings): void {
  writeFileSync(file, JSON.stringify(timings, null, 2) + '\n');
}

export function printTimings(timings: TestTimings): void {
  const width = Math.max(...timings.steps.map((step) => step.name.length), 'slowest test files'.length);
  console.log(`\n[lipcast] ${'step'.padEnd(width)}   wall s    CPU s`);
  for (const step of timings.steps) console.log(`[lipcast] ${step.name.padEnd(width)} ${step.seconds.toFixed(1).padStart(8)} ${step.cpuSeconds.toFixed(1).padStart(8)}`);
  console.log(`[lipcast] ${'total'.padEnd(width)} ${timings.totalSeconds.toFixed(1).padStart(8)}`);
  console.log(`\n[lipcast] the ${timings.slowestFiles.length} slowest test files (s):`);
  for (const { file, seconds } of timings.slowestFiles) console.log(`[lipcast] ${seconds.toFixed(1).padStart(7)}  ${file}`);
}

interface JestReport {
  numPassedTests: number;
  numFailedTests: number;
  numRuntimeErrorTestSuites?: number;
  testResults: { name: string; startTime: number; endTime: number; assertionResults: { status: string; fullName: string }[] }[];
}

interface PlaywrightSuite {
  file: string;
  specs?: { title: string; tests: { projectName: string; status: string; results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
}
