import { spawn, spawnSync } from 'node:child_process';

let located: string | null = null;

/**
 * The ffmpeg binary: the system's when present (Debian's has more codecs and ffprobe), else the
 * static build that ships inside `@ffmpeg-installer/ffmpeg` (4.1 with libx264 and aac), so a
 * machine with npm alone still produces real media.
 */
export function ffmpegPath(): string {
  if (located) return located;
  const system = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' });
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- resolved only when the system has no ffmpeg
  located = system.status === 0 ? 'ffmpeg' : (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  return located;
}

export interface FfmpegRun {
  /** Bytes written to ffmpeg's stdin (raw audio or frames); ended after the last one. */
  input?: AsyncIterable<Buffer | Uint8Array> | Buffer;
  /** Collect stdout (for `pipe:1` outputs). */
  captureOutput?: boolean;
  /** Kills ffmpeg and rejects with the signal's reason when aborted. */
  signal?: AbortSignal;
}

/** Runs ffmpeg with `args`; rejects with the end of its log when it fails. */
export function runFfmpeg(args: string[], run: FfmpegRun = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => run.captureOutput && output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
    const abort = () => child.kill('SIGKILL');
    run.signal?.addEventListener('abort', abort, { once: true });
    child.on('error', reject);
    child.on('close', (code) => {
      run.signal?.removeEventListener('abort', abort);
      if (run.signal?.aborted) reject(run.signal.reason);
      else if (code === 0) resolve(Buffer.concat(output));
      else reject(new Error(`ffmpeg exited with ${code}: ${log.trim()}`));
    });
    child.stdin.on('error', () => undefined); // ffmpeg may close stdin early on failure; the exit code tells
    void writeInput(child.stdin, run.input);
  });
}

async function writeInput(stdin: NodeJS.WritableStream, input: FfmpegRun['input']): Promise<void> {
  if (!input) return void stdin.end();
  if (Buffer.isBuffer(input)) return void stdin.end(input);
  for await (const chunk of input) {
    if (!stdin.write(chunk)) await new Promise((resolve) => stdin.once('drain', resolve));
  }
  stdin.end();
}
