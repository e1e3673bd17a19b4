/**
 * The workspace's projects as Nx finds them: every npm workspace (the root package.json's
 * `workspaces`, a folder with a package.json) and every folder with a project.json.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface WorkspaceProject {
  /** The Nx project name (package.json `nx.name`, or project.json `name`). */
  name: string;
  /** Its folder, relative to the repository root, with `/` separators. */
  root: string;
}

interface PackageJson {
  name?: string;
  version?: string;
  dependencies?: Record<string, string>;
  workspaces?: string[];
  nx?: { name?: string };
}

export function readPackageJson(root: string, folder: string): PackageJson {
  return JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as PackageJson;
}

/** The npm workspaces' folders: `libs/*` is every folder of libs/ with a package.json. */
export function workspaceFolders(root: string): string[] {
  return (readPackageJson(root, '.').workspaces ?? []).flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return existsSync(join(root, pattern, 'package.json')) ? [pattern] : [];
    const parent = pattern.slice(0, -2);
    return readdirSync(join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(root, parent, entry.name, 'package.json')))
      .map((entry) => `${parent}/${entry.name}`)
      .sort();
  });
}

/** Folders holding a project.json, outside node_modules, dist and dot folders. */
function projectJsonFolders(root: string, folder = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.') || ['node_modules', 'dist', 'test-results'].includes(entry.name)) continue;
    const child = folder ? `${folder}/${entry.name}` : entry.name;
    if (existsSync(join(root, child, 'project.json'))) found.push(child);
    found.push(...projectJsonFolders(root, child));
  }
  return found;
}

export function workspaceProjects(root: string): WorkspaceProject[] {
  const fromPackages = workspaceFolders(root).map((folder) => {
    const manifest = readPackageJson(root, folder);
    return { name: manifest.nx?.name ?? manifest.name ?? folder, root: folder };
  });
  const fromProjectJson = projectJsonFolders(root).map((folder) => {
    const project = JSON.parse(readFileSync(join(root, folder, 'project.json'), 'utf8')) as { name?: string };
    return { name: project.name ?? folder, root: folder };
  });
  return [...fromPackages, ...fromProjectJson];
}
