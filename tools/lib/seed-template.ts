/**
 * The built-in media (14 actor clips and thumbnails, the landing page's samples and their posters),
 * drawn once per `npm test` into a template object store and copied into each stack's store before it
 * starts: the stack's own seed step then finds every object there and draws nothing. The specs that
 * test the seeder itself (production artifact, fresh machine) leave one actor and one sample out of
 * their copy, so the seed step still draws both end to end. `npm test` makes the template
 * (tools/test.ts) and names it in `LIPCAST_SEED_TEMPLATE`.
 */
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Names the template folder for the processes that copy it (stacks, system specs). */
export const SEED_TEMPLATE_ENV = 'LIPCAST_SEED_TEMPLATE';
/** The bucket the template is drawn into; a copy renames it to the stack's bucket. */
export const TEMPLATE_BUCKET = 'lipcast-seed';
/** What a copy leaves out when the seeder must draw something itself: one actor and one sample. */
export const LEFT_FOR_THE_SEEDER = ['actors/ipfs-puppet-video-2/', 'public/samples/hero-2'];

/**
 * Copies the template's objects into `bucket` of the embedded store kept in `s3Directory`, leaving
 * out keys that start with one of `leaveOut`. Returns false (copying nothing) when there is no template.
 */
export function copySeedTemplate(template: string | undefined, s3Directory: string, bucket: string, leaveOut: readonly string[] = []): boolean {
  const source = template && join(template, TEMPLATE_BUCKET);
  if (!source || !existsSync(source)) return false;
  mkdirSync(s3Directory, { recursive: true });
  // s3rver keeps a bucket as a folder and each object as `<key>._S3rver_<part>` files under it.
  cpSync(source, join(s3Directory, bucket), { recursive: true, filter: (path) => !leaveOut.some((prefix) => relative(source, path).startsWith(prefix)) });
  return true;
}
