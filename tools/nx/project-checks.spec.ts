/**
 * Every project has its own checks (tools/nx/project-checks.cjs), and `nx affected` picks exactly
 * the projects a change can break: a team runs its own and nothing else.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const nx = (...args: string[]) => execFileSync(join(ROOT, 'node_modules/.bin/nx'), args, { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' } });

interface Target {
  options: { command?: string };
  dependsOn?: string[];
  inputs?: unknown[];
}
interface ProjectNode {
  data: { root: string; targets: Record<string, Target> };
}

let projects: Record<string, ProjectNode>;
beforeAll(() => {
  const folder = mkdtempSync(join(tmpdir(), 'nx-graph-'));
  try {
    nx('graph', `--file=${join(folder, 'graph.json')}`);
    projects = JSON.parse(readFileSync(join(folder, 'graph.json'), 'utf8')).graph.nodes;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}, 120_000);

const affectedBy = (file: string) => nx('show', 'projects', '--affected', `--files=${file}`).trim().split('\n').sort();

describe('per-project checks', () => {
  it('gives every project lint, typecheck and test, and build where it has something to build', () => {
    const names = Object.keys(projects);
    expect(names).toEqual(expect.arrayContaining(['contracts', 'ui', 'shell', 'mfe-wizard', 'gateway', 'service-billing', 'tools', 'e2e', 'deploy', 'system-tests']));
    for (const name of names) {
      const { targets, root } = projects[name]!.data;
      expect({ name, checks: ['lint', 'typecheck', 'test'].filter((target) => targets[target]) }).toEqual({ name, checks: ['lint', 'typecheck', 'test'] });
      expect(targets.lint!.options.command).toContain(`eslint --max-warnings 0 ${root}`);
      expect(targets.test!.options.command).toBe(`node tools/test-project.ts ${root}`);
    }
    for (const name of ['contracts', 'media-engine', 'shell', 'mfe-wizard', 'gateway', 'service-generation']) {
      expect(projects[name]!.data.targets.build).toBeDefined();
      expect(projects[name]!.data.targets.test!.dependsOn).toEqual(['build', '^build']);
    }
    // The web libraries are compiled by each web app's bundler from source: nothing of their own to build.
    for (const name of ['ui', 'web-kit']) expect(projects[name]!.data.targets.build).toBeUndefined();
  });

  it("leaves a nested project's folder to that project (tools/system in tools)", () => {
    expect(projects.tools!.data.targets.lint!.options.command).toContain("--ignore-pattern 'tools/system/**'");
  });

  it('builds a web app from its own sources, its libraries and the shared webpack factory only', () => {
    expect(projects['mfe-wizard']!.data.targets.build!.inputs).toEqual(['production', '^production', 'webBuild']);
  });
});

describe('nx affected', () => {
  it('runs the web apps for a ui change, and no service', () => {
    const affected = affectedBy('libs/ui/src/button.tsx');
    expect(affected).toEqual(expect.arrayContaining(['ui', 'shell', 'mfe-wizard', 'mfe-billing', 'e2e']));
    expect(affected).not.toContain('gateway');
    expect(affected.filter((name) => name.startsWith('service-'))).toEqual([]);
  });

  it("runs only that remote (and the whole-product tests) for a change to one remote's page or styles", () => {
    expect(affectedBy('mfe-wizard/src/styles.css')).toEqual(['e2e', 'mfe-wizard', 'system-tests']);
    expect(affectedBy('mfe-influencer/src/pages/OneShot.tsx')).toEqual(['e2e', 'mfe-influencer', 'system-tests']);
  });

  it("runs a service, the gateway whose integration tests start it, and the end-to-end tests; not another service or a remote", () => {
    const affected = affectedBy('services/billing/src/credits/ledger.service.ts');
    expect(affected).toEqual(expect.arrayContaining(['service-billing', 'gateway', 'e2e', 'system-tests']));
    expect(affected).not.toContain('service-auth');
    expect(affected.filter((name) => name.startsWith('mfe-'))).toEqual([]);
  });

  it("runs the tests that use a stand-in when the stand-in changes, and no web project", () => {
    const affected = affectedBy('tools/replicate/stand-in.ts');
    expect(affected).toEqual(expect.arrayContaining(['tools', 'service-generation']));
    expect(affected.filter((name) => name.startsWith('mfe-') || name === 'ui')).toEqual([]);
  });

  it('runs only the deploy checks for a manifest change', () => {
    expect(affectedBy('deploy/k8s/base/kustomization.yaml')).toEqual(['deploy']);
  });
});
