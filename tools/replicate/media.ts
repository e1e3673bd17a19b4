/**
 * Real media for the Replicate stand-in's outputs: ffmpeg (Debian's /usr/bin/ffmpeg, else one on
 * PATH), a PNG encoder and input downloads. Tools cannot import the services' ffmpeg helper, so
 * this is a small copy of it.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

let located: string | undefined;

const runnable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Debian's ffmpeg, else the first on PATH; throws, naming the install command, when there is none. */
export function ffmpegBinary(): string {
  if (located) return located;
  const candidates = ['/usr/bin/ffmpeg', ...(process.env.PATH ?? '').split(delimiter).filter(Boolean).map((folder) => join(folder, 'ffmpeg'))];
  located = candidates.find(runnable);
  if (!located) throw new Error("ffmpeg is missing (neither /usr/bin/ffmpeg nor an ffmpeg on PATH). Install Debian's: sudo apt-get install -y ffmpeg");
  return located;
}

/** Runs ffmpeg; resolves with its stdout, rejects with the end of its log. Killed when `signal` aborts. */
export function runFfmpeg(args: string[], signal?: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegBinary(), ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: ['ignore', 'pipe', 'pipe'], signal });
    const output: Buffer[] = [];
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(output)) : reject(new Error(`ffmpeg exited with ${code}: ${log.trim()}`))));
  });
}

/** Seconds of audio in a file (decoded, so it works without ffprobe). */
export async function audioSeconds(path: string, signal?: AbortSignal): Promise<number> {
  const samples = await runFfmpeg(['-i', path, '-vn', '-ac', '1', '-ar', '8000', '-f', 's16le', 'pipe:1'], signal);
  return samples.length / 2 / 8000;
}

export type Rgb = readonly [number, number, number];

/** An 8-bit RGB PNG drawn pixel by pixel. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const rowLength = width * 3 + 1;
  const raw = Buffer.alloc(rowLength * height);
  for (let y = 0; y < height; y++) {
    raw[y * rowLength] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      const at = y * rowLength + 1 + x * 3;
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, no filter set, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** Downloads a model input (any URL Node's fetch reads, data: URIs included) into `path`; returns its content type. */
export async function downloadInput(url: string, path: string, signal: AbortSignal): Promise<string> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`could not download ${url}: status ${response.status}`);
  await writeFile(path, Buffer.from(await response.arrayBuffer()));
  return response.headers.get('content-type') ?? 'application/octet-stream';
}
