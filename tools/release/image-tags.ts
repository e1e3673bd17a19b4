/**
 * Each process's image reference at the version in its package.json (what `nx release` bumped):
 *
 *   node tools/release/image-tags.ts [process…] [--registry <host/path>]   prints e.g. lipcast-billing:0.2.0
 *   node tools/release/image-tags.ts --write-overlays                     sets every Kubernetes overlay's
 *                                                                          `images:` tag to those versions
 *
 * The README's build and push commands use it (Deploying, "Shipping one service or remote alone").
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { imageName, imageReference, PROCESS_NAMES, processVersion, type ProcessName } from './processes.ts';

export const OVERLAYS_FOLDER = 'deploy/k8s/overlays';

/**
 * Sets each process image's `newTag` in an overlay's kustomization.yaml text to its version. A text
 * edit of those lines alone, so the file keeps its comments and layout.
 */
export function withProcessTags(kustomization: string, versionOf: (process: ProcessName) => string): string {
  let text = kustomization;
  for (const process of PROCESS_NAMES) {
    const entry = new RegExp(`(\\n\\s*- name: ${imageName(process)}\\n(?:\\s+(?!newTag:)\\w+: .*\\n)*\\s+newTag: ).*`);
    if (!entry.test(text)) throw new Error(`the kustomization has no images entry with a newTag for ${imageName(process)}`);
    text = text.replace(entry, `$1${versionOf(process)}`);
  }
  return text;
}

function main(root: string, args: string[]): void {
  if (args.includes('--write-overlays')) {
    for (const overlay of readdirSync(join(root, OVERLAYS_FOLDER))) {
      const path = join(root, OVERLAYS_FOLDER, overlay, 'kustomization.yaml');
      writeFileSync(path, withProcessTags(readFileSync(path, 'utf8'), (process) => processVersion(root, process)));
      console.log(`${OVERLAYS_FOLDER}/${overlay}: ${PROCESS_NAMES.map((process) => imageReference(root, process)).join(' ')}`);
    }
    return;
  }
  const registryAt = args.indexOf('--registry');
  const registry = registryAt >= 0 ? `${args[registryAt + 1]?.replace(/\/$/, '')}/` : '';
  const named = args.filter((arg, index) => !arg.startsWith('--') && index !== registryAt + 1);
  for (const name of named) {
    if (!PROCESS_NAMES.includes(name as ProcessName)) throw new Error(`unknown process ${name}: one of ${PROCESS_NAMES.join(', ')}`);
  }
  for (const process of named.length > 0 ? (named as ProcessName[]) : PROCESS_NAMES) console.log(`${registry}${imageReference(root, process)}`);
}

if (import.meta.main) main(process.cwd(), process.argv.slice(2));
