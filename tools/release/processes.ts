/**
 * The processes Lipcast deploys, each released alone: its own image `lipcast-<process>`, tagged with
 * the version in its workspace's package.json (bumped by `nx release`), built from deploy/Dockerfile
 * with `--build-arg PROCESS=<process>`. An image ships its process's build output, the build output
 * of the workspaces it loads (`@lipcast/*` dependencies, transitively) and, for the gateway, the web
 * apps it serves; every image has the same runtime (Debian, Node, ffmpeg, production dependencies).
 * `all` is every process in one image: compose's local evaluation and deploy/image-smoke.sh.
 *
 * The Dockerfile's build stage asks this file (from the repository root):
 *   node tools/release/processes.ts projects <process|all>   the Nx projects to build (comma-separated)
 *   node tools/release/processes.ts folders <process|all>    the workspace folders whose dist/ the image ships
 *   node tools/release/processes.ts main <process|all>       the entry point the image runs by default
 */
import { readPackageJson, workspaceFolders } from './workspace.ts';

/** The web apps the gateway serves as the built front end (the baseline each remote release replaces). */
export const WEB_APPS = ['shell', 'mfe-wizard', 'mfe-influencer', 'mfe-billing', 'mfe-content', 'mfe-admin'];

export const PROCESSES = {
  gateway: { workspace: 'gateway', serves: WEB_APPS },
  auth: { workspace: 'services/auth', serves: [] },
  generation: { workspace: 'services/generation', serves: [] },
  billing: { workspace: 'services/billing', serves: [] },
  content: { workspace: 'services/content', serves: [] },
} satisfies Record<string, { workspace: string; serves: string[] }>;

export type ProcessName = keyof typeof PROCESSES;
export const PROCESS_NAMES = Object.keys(PROCESSES) as ProcessName[];

export const imageName = (process: ProcessName) => `lipcast-${process}`;

export function processVersion(root: string, process: ProcessName): string {
  const version = readPackageJson(root, PROCESSES[process].workspace).version;
  if (!version) throw new Error(`${PROCESSES[process].workspace}/package.json has no version`);
  return version;
}

/** `lipcast-billing:0.2.0`: the process's image at its current version. */
export const imageReference = (root: string, process: ProcessName) => `${imageName(process)}:${processVersion(root, process)}`;

function asProcess(name: string): ProcessName {
  if (!(name in PROCESSES)) throw new Error(`unknown process ${name}: one of ${PROCESS_NAMES.join(', ')}`);
  return name as ProcessName;
}

/** The workspace folders whose dist/ a process's image ships: its own, what it serves, and their `@lipcast/*` dependencies. */
export function shippedFolders(root: string, process: ProcessName | 'all'): string[] {
  const folders = workspaceFolders(root);
  if (process === 'all') return folders;
  const folderOfPackage = new Map(folders.map((folder) => [readPackageJson(root, folder).name, folder]));
  const shipped = new Set<string>();
  const visit = (folder: string) => {
    if (shipped.has(folder)) return;
    shipped.add(folder);
    for (const dependency of Object.keys(readPackageJson(root, folder).dependencies ?? {})) {
      const dependencyFolder = folderOfPackage.get(dependency);
      if (dependencyFolder) visit(dependencyFolder);
    }
  };
  const { workspace, serves } = PROCESSES[process];
  for (const folder of [workspace, ...serves]) visit(folder);
  return folders.filter((folder) => shipped.has(folder));
}

/** The Nx projects whose build the image needs (their libraries are built first, `^build`). */
export function buildProjects(root: string, process: ProcessName | 'all'): string[] {
  if (process === 'all') return ['*'];
  const { workspace, serves } = PROCESSES[process];
  return [workspace, ...serves].map((folder) => readPackageJson(root, folder).nx?.name ?? folder);
}

export const mainEntry = (process: ProcessName | 'all') => `${PROCESSES[process === 'all' ? 'gateway' : process].workspace}/dist/main.js`;

if (import.meta.main) {
  const [command, name = ''] = process.argv.slice(2);
  const target = name === 'all' ? 'all' : asProcess(name);
  const root = process.cwd();
  if (command === 'projects') console.log(buildProjects(root, target).join(','));
  else if (command === 'folders') console.log(shippedFolders(root, target).join('\n'));
  else if (command === 'main') console.log(mainEntry(target));
  else {
    console.error('usage: node tools/release/processes.ts <projects|folders|main> <process|all>');
    process.exit(2);
  }
}
