/**
 * Each app ships alone: a version plan for one app makes `nx release` bump that app's package.json
 * alone and write its CHANGELOG.md entry (run with --dry-run in a temporary copy of the working tree,
 * a git repository of its own, so nothing here changes); each process's image ships its own build
 * output and what it loads, and its tag follows its version.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { withProcessTags } from './image-tags.ts';
import { PROCESS_NAMES, PROCESSES, processVersion, shippedFolders } from './processes.ts';

const ROOT = resolve(__dirname, '../..');

describe('nx release with a version plan', () => {
  let copy = '';
  let output = '';

  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'lipcast-release-'));
    const git = (...args: string[]) => execFileSync('git', args, { cwd: copy, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
    for (const file of files) {
      mkdirSync(dirname(join(copy, file)), { recursive: true });
      try {
        cpSync(join(ROOT, file), join(copy, file));
      } catch {
        // listed but deleted in the working tree
      }
    }
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
    git('init', '--quiet');
    git('add', '--all');
    git('-c', 'user.name=release-test', '-c', 'user.email=release-test@lipcast.invalid', 'commit', '--quiet', '--no-verify', '-m', 'the working tree');
    mkdirSync(join(copy, '.nx/version-plans'), { recursive: true });
    writeFileSync(join(copy, '.nx/version-plans/wizard-voices.md'), '---\nmfe-wizard: minor\n---\n\nThe wizard plays a sample of each voice.\n');
    const release = spawnSync(join(ROOT, 'node_modules/.bin/nx'), ['release', '--dry-run', '--skip-publish'], {
      cwd: copy,
      encoding: 'utf8',
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', FORCE_COLOR: '0', NO_COLOR: '1' },
    });
    // Nx prints the previews on both streams.
    output = `${release.stdout}\n${release.stderr}`;
    if (release.status !== 0) throw new Error(`nx release --dry-run failed:\n${output.slice(-3000)}`);
  }, 90_000);

  afterAll(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('bumps only the planned app, by the planned part (0.x included)', () => {
    const updated = [...output.matchAll(/^UPDATE (\S+) \[dry-run\]/gm)].map(([, file]) => file);
    expect(updated.filter((file) => file.endsWith('package.json'))).toEqual(['mfe-wizard/package.json']);
    const current = JSON.parse(readFileSync(join(ROOT, 'mfe-wizard/package.json'), 'utf8')).version as string;
    const [major, minor] = current.split('.').map(Number);
    expect(output).toMatch(new RegExp(`^-\\s+"version": "${current.replaceAll('.', '\\.')}",\\n\\+\\s+"version": "${major}\\.${minor + 1}\\.0",`, 'm'));
    expect(output).toContain('Skipped publishing packages.');
  });

  it("writes the plan's description into that app's CHANGELOG.md and no other", () => {
    const changelogs = [...output.matchAll(/^(?:CREATE|UPDATE) (\S+CHANGELOG\.md) \[dry-run\]/gm)].map(([, file]) => file);
    expect(changelogs).toEqual(['mfe-wizard/CHANGELOG.md']);
    // The entry (on the other stream than the file name): the new version, then the plan's words.
    const [major, minor] = (JSON.parse(readFileSync(join(ROOT, 'mfe-wizard/package.json'), 'utf8')).version as string).split('.').map(Number);
    expect(output).toMatch(new RegExp(`^\\+ ## ${major}\\.${minor + 1}\\.0 \\(\\d{4}-\\d{2}-\\d{2}\\)\\n(\\+.*\\n)*\\+ - The wizard plays a sample of each voice\\.$`, 'm'));
  });

  it('changes nothing outside the copy', () => {
    expect(JSON.parse(readFileSync(join(ROOT, 'mfe-wizard/package.json'), 'utf8')).version).toBe(JSON.parse(readFileSync(join(copy, 'mfe-wizard/package.json'), 'utf8')).version);
    // The plan is still there (a real run deletes it); nothing else changed in the copy either.
    expect(execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: copy, encoding: 'utf8' })).toBe('?? .nx/version-plans/wizard-voices.md\n');
  });
});

describe('process images', () => {
  it('ship their own build output and every @lipcast workspace their code imports, nothing of another process', () => {
    for (const process of PROCESS_NAMES) {
      const { workspace } = PROCESSES[process];
      const shipped = shippedFolders(ROOT, process);
      const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', `${workspace}/src`], { cwd: ROOT, encoding: 'utf8' })
        .split('\n')
        .filter((file) => file.endsWith('.ts') && !/(\.(int-)?spec|\/testing)\.ts$/.test(file)); // tests and their test beds are not built
      const imported = new Set(sources.flatMap((file) => [...readFileSync(join(ROOT, file), 'utf8').matchAll(/from '@lipcast\/([a-z-]+)/g)].map(([, name]) => `libs/${name}`)));
      for (const folder of imported) expect({ process, folder, shipped: shipped.includes(folder) }).toEqual({ process, folder, shipped: true });
      const otherProcesses = PROCESS_NAMES.filter((other) => other !== process).map((other) => PROCESSES[other].workspace);
      expect({ process, others: shipped.filter((folder) => otherProcesses.includes(folder)) }).toEqual({ process, others: [] });
    }
    expect(shippedFolders(ROOT, 'gateway')).toEqual(expect.arrayContaining(['gateway', 'shell', 'mfe-wizard', 'mfe-admin']));
    expect(shippedFolders(ROOT, 'billing')).not.toContain('shell');
  });

  it("set each overlay's tag from the process's version, and nothing else in the file", () => {
    const overlay = readFileSync(join(ROOT, 'deploy/k8s/overlays/production/kustomization.yaml'), 'utf8');
    const bumped = withProcessTags(overlay, (process) => (process === 'billing' ? '9.8.7' : processVersion(ROOT, process)));
    expect(bumped).toMatch(/- name: lipcast-billing\n\s+newName: registry\.example\.com\/lipcast-billing\n\s+newTag: 9\.8\.7\n/);
    const changedLines = bumped.split('\n').filter((line, index) => line !== overlay.split('\n')[index]);
    expect(changedLines).toEqual(['    newTag: 9.8.7']);
  });
});
