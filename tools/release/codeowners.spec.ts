/**
 * CODEOWNERS gives every project an owning team (each area ships alone, so each has its reviewers):
 * every Nx project's folder is owned, only the five team handles appear, every pattern still names
 * something in the repository, and shared contracts need platform and the area's team.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { workspaceProjects } from './workspace.ts';

const ROOT = resolve(__dirname, '../..');
const TEAMS = ['@lipcast/wizard', '@lipcast/influencer', '@lipcast/billing', '@lipcast/content', '@lipcast/platform'];

interface Rule {
  pattern: string;
  owners: string[];
  matches: (path: string) => boolean;
}

/** A CODEOWNERS pattern as GitHub reads it (gitignore-like): `/` anchors, a trailing `/` is a folder, `*` stays within a segment. */
function patternMatcher(pattern: string): (path: string) => boolean {
  const anchored = pattern.startsWith('/') || pattern.replace(/\/$/, '').includes('/');
  const body = pattern.replace(/^\//, '');
  const folder = body.endsWith('/');
  const glob = body
    .replace(/\/$/, '')
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const expression = new RegExp(`${anchored ? '^' : '(^|/)'}${glob}${folder ? '/' : '(/|$)'}`);
  return (path) => expression.test(path);
}

function readRules(): Rule[] {
  return readFileSync(join(ROOT, 'CODEOWNERS'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [pattern, ...owners] = line.split(/\s+/);
      return { pattern, owners, matches: patternMatcher(pattern) };
    });
}

/** The owners GitHub requests for a path: those of the last matching line. */
const ownersOf = (rules: Rule[], path: string) => rules.findLast((rule) => rule.matches(path))?.owners ?? [];

const rules = readRules();
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);

describe('CODEOWNERS', () => {
  it('names only the five teams, at least one on every line', () => {
    expect(rules.length).toBeGreaterThan(10);
    for (const rule of rules) {
      expect({ pattern: rule.pattern, owners: rule.owners.length > 0 }).toEqual({ pattern: rule.pattern, owners: true });
      for (const owner of rule.owners) expect({ pattern: rule.pattern, owner, known: TEAMS.includes(owner) }).toEqual({ pattern: rule.pattern, owner, known: true });
    }
  });

  it('owns every Nx project folder, each area by its team', () => {
    const projects = workspaceProjects(ROOT);
    expect(projects.map((project) => project.root)).toEqual(expect.arrayContaining(['gateway', 'services/billing', 'mfe-wizard', 'libs/contracts', 'deploy', 'tools/system']));
    for (const { name, root } of projects) {
      const owners = ownersOf(rules, `${root}/package.json`);
      expect({ name, owned: owners.length > 0 }).toEqual({ name, owned: true });
    }
    const team = (root: string) => ownersOf(rules, `${root}/src/index.ts`);
    expect(team('mfe-wizard')).toEqual(['@lipcast/wizard']);
    for (const root of ['mfe-influencer', 'services/generation', 'libs/media-engine']) expect({ root, owners: team(root) }).toEqual({ root, owners: ['@lipcast/influencer'] });
    for (const root of ['mfe-billing', 'services/billing']) expect({ root, owners: team(root) }).toEqual({ root, owners: ['@lipcast/billing'] });
    for (const root of ['mfe-content', 'services/content']) expect({ root, owners: team(root) }).toEqual({ root, owners: ['@lipcast/content'] });
    for (const root of ['shell', 'gateway', 'services/auth', 'mfe-admin', 'libs/ui', 'libs/nest-kit', 'tools', 'deploy', 'e2e']) {
      expect({ root, owners: team(root) }).toEqual({ root, owners: ['@lipcast/platform'] });
    }
    // A release file of an app is its team's; the release configuration is platform's.
    expect(ownersOf(rules, 'services/billing/CHANGELOG.md')).toEqual(['@lipcast/billing']);
    expect(ownersOf(rules, 'nx.json')).toEqual(['@lipcast/platform']);
  });

  it('has every contract change reviewed by platform and the teams of the area', () => {
    expect(ownersOf(rules, 'libs/contracts/src/billing.ts').sort()).toEqual(['@lipcast/billing', '@lipcast/platform']);
    expect(ownersOf(rules, 'libs/contracts/schemas/nats/content.posts.list.v1.json').sort()).toEqual(['@lipcast/content', '@lipcast/platform']);
    expect(ownersOf(rules, 'libs/contracts/src/generation.ts')).toEqual(expect.arrayContaining(['@lipcast/platform', '@lipcast/influencer']));
    expect(ownersOf(rules, 'libs/contracts/src/subjects.ts')).toEqual(['@lipcast/platform']);
  });

  it('names nothing that is gone: each pattern matches a file or folder of the repository', () => {
    for (const rule of rules.filter((rule) => rule.pattern !== '/.nx/version-plans/')) {
      expect({ pattern: rule.pattern, matchesSomething: files.some(rule.matches) }).toEqual({ pattern: rule.pattern, matchesSomething: true });
    }
  });
});
