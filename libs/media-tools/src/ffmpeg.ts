import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Writable } from 'node:stream';
import { SpanStatusCode, trace } from '@opentelemetry/api';

/** Debian's ffmpeg (apt-get install ffmpeg): maintained, with security updates. */
export const SYSTEM_FFMPEG = '/usr/bin/ffmpeg';

let located: string | null = null;

/** Whether `path` is a file this process may run. */
function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Where the machine has ffmpeg, in order of preference: Debian's, then any on PATH, else none. */
export function chooseFfmpeg(isRunnable: (path: string) => boolean = isExecutable, searchPath = process.env.PATH ?? ''): string | null {
  if (isRunnable(SYSTEM_FFMPEG)) return SYSTEM_FFMPEG;
  for (const folder of searchPath.split(delimiter).filter(Boolean)) {
    const candidate = join(folder, 'ffmpeg');
    if (isRunnable(candidate)) return candidate;
  }
  return null;
}

/** The error when the machine has no ffmpeg: what is missing and the command that installs it. */
export const FFMPEG_MISSING =
  'ffmpeg is missing (neither /usr/bin/ffmpeg nor an ffmpeg on PATH): every video and sound is made and read with it. ' +
  "Install Debian's: sudo apt-get install -y ffmpeg   (elsewhere, your system's ffmpeg package)";

/** The ffmpeg to run (see `chooseFfmpeg`); throws with `FFMPEG_MISSING` when the machine has none. */
export function locateFfmpeg(isRunnable?: (path: string) => boolean, searchPath?: string): string {
  const found = chooseFfmpeg(isRunnable, searchPath);
  if (!found) throw new Error(FFMPEG_MISSING);
  return found;
}

/**
 * The ffmpeg binary: Debian's `/usr/bin/ffmpeg` (the package the image installs, and `npm start` /
 * `npm test` as root on Debian), else one on PATH. Found once per process; throws, naming the
 * install command, while there is none (and looks again on the next call).
 */
export function ffmpegPath(): string {
  located ??= locateFfmpeg();
  return located;
}

export interface FfmpegInfo {
  /** The binary every ffmpeg run uses. */
  path: string;
  /** Its version as it reports it (e.g. "5.1.6-0+deb12u1"; "N-…" or a date for a build from git). */
  version: string;
}

/** The ffmpeg in use and its version, for the operators' status view. */
export async function ffmpegInfo(): Promise<FfmpegInfo> {
  const report = await ffmpegText(['-version'], 'stdout');
  return { path: ffmpegPath(), version: /^ffmpeg version (\S+)/m.exec(report)?.[1] ?? 'unknown' };
}

/** What ffmpeg prints on `from` for `args` (its first `maxChars`), whatever its exit code: `-i` alone reports and exits 1. */
export function ffmpegText(args: string[], from: 'stdout' | 'stderr' = 'stderr', maxChars = Infinity): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ['-hide_banner', ...args], { stdio: ['ignore', from === 'stdout' ? 'pipe' : 'ignore', from === 'stderr' ? 'pipe' : 'ignore'] });
    let text = '';
    child[from]?.on('data', (chunk: Buffer) => (text = (text + chunk.toString()).slice(0, maxChars)));
    child.on('error', reject);
    child.on('close', () => resolve(text));
  });
}

export interface FfmpegRun {
  /** Bytes written to ffmpeg's stdin (raw audio or frames); ended after the last one. */
  input?: AsyncIterable<Buffer | Uint8Array> | Buffer;
  /** Collect stdout (for `pipe:1` outputs). */
  captureOutput?: boolean;
  /** Resolve with ffmpeg's log at info level instead of stdout: filters such as `loudnorm` report there. */
  captureLog?: boolean;
  /** Kills ffmpeg and rejects with the signal's reason when aborted. */
  signal?: AbortSignal;
}

/** Runs ffmpeg with `args`; rejects with the end of its log when it fails. Traced as a span of the job that runs it. */
export function runFfmpeg(args: string[], run: FfmpegRun = {}): Promise<Buffer> {
  // The OpenTelemetry API alone (the engine does not depend on nest-kit): a no-op unless the process started tracing.
  return trace.getTracer('lipcast').startActiveSpan('ffmpeg', { attributes: { 'process.executable.name': 'ffmpeg' } }, (span) =>
    runFfmpegUntraced(args, run).then(
      (output) => {
        span.end();
        return output;
      },
      (error: unknown) => {
        span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
        span.end();
        throw error;
      },
    ),
  );
}

function runFfmpegUntraced(args: string[], run: FfmpegRun): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const logLevel = run.captureLog ? ['-loglevel', 'info', '-nostats'] : ['-loglevel', 'error'];
    const child = spawn(ffmpegPath(), ['-hide_banner', ...logLevel, '-y', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => run.captureOutput && output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      if (run.captureLog) output.push(chunk);
      log = (log + chunk.toString()).slice(-4000);
    });
    const abort = () => child.kill('SIGKILL');
    run.signal?.addEventListener('abort', abort, { once: true });
    let inputFailure: { reason: unknown } | undefined;
    child.on('error', reject);
    child.on('close', (code) => {
      run.signal?.removeEventListener('abort', abort);
      if (run.signal?.aborted) reject(run.signal.reason);
      else if (inputFailure) reject(inputFailure.reason);
      else if (code === 0) resolve(Buffer.concat(output));
      else reject(new Error(`ffmpeg exited with ${code}: ${log.trim()}`));
    });
    child.stdin.on('error', () => undefined); // ffmpeg may close stdin early on failure; the exit code tells
    writeInput(child.stdin, run.input).catch((reason: unknown) => {
      // The input could not be made: ffmpeg must not wait for the rest, and the run fails with the reason.
      inputFailure = { reason };
      child.kill('SIGKILL');
    });
  });
}

/** Resolves once `stream` takes more data, or has closed (ffmpeg exited: nothing more is read). */
const drainedOrClosed = (stream: Writable) =>
  new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
  });

async function writeInput(stdin: Writable, input: FfmpegRun['input']): Promise<void> {
  if (!input) return void stdin.end();
  if (Buffer.isBuffer(input)) return void stdin.end(input);
  for await (const chunk of input) {
    // ffmpeg stopped reading (it failed; its exit code tells): stop the input too, so its source is released.
    if (stdin.destroyed) return;
    if (!stdin.write(chunk)) await drainedOrClosed(stdin);
  }
  stdin.end();
}
