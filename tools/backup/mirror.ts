/**
 * Mirrors the media bucket (see mirror-objects.ts): `node tools/backup/mirror.ts <from> <to> [--remove]`,
 * each side `s3://<bucket>` or a folder. deploy/backup/backup.sh and restore.sh run it.
 */
import { mirrorObjects, sideFor } from './mirror-objects.ts';

const args = process.argv.slice(2);
const remove = args.includes('--remove');
const [from, to] = args.filter((arg) => arg !== '--remove');
if (!from || !to) {
  console.error('usage: node tools/backup/mirror.ts <s3://bucket | folder> <s3://bucket | folder> [--remove]');
  process.exit(2);
}
const source = sideFor(from, process.env, 'source');
const target = sideFor(to, process.env, 'target');
const started = Date.now();
const result = await mirrorObjects(source, target, { remove });
console.log(`[mirror] ${source.label} → ${target.label}: ${result.copied} copied (${result.bytes} bytes), ${result.unchanged} unchanged, ${result.removed} removed in ${Date.now() - started} ms`);
