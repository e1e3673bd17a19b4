import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const SERVICE_ENTRY = resolve(__dirname, '../../dist/main.js');

/** Starts the built service with `env` and returns its exit code and output once it stops. */
function startService(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { REPLICATE_API_TOKEN: _replicate, OPENAI_API_KEY: _openai, ...inherited } = process.env;
  const child = spawn(process.execPath, [SERVICE_ENTRY], { env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((done) =>
    child.once('exit', (code) => {
      clearTimeout(killer);
      done({ code, output });
    }),
  );
}

describe('a provider chosen without its key', () => {
  it('stops the service at start, naming the variable to set (Replicate)', async () => {
    const { code, output } = await startService({ MEDIA_PROVIDER: 'replicate' });
    expect(code).toBe(1);
    expect(output).toContain('generation service failed to start: API key missing: set REPLICATE_API_TOKEN\n');
  }, 40_000);

  it('stops the service at start when one port alone is on Replicate (LIPSYNC_PROVIDER), naming the variable to set', async () => {
    const { code, output } = await startService({ MEDIA_PROVIDER: 'embedded', LIPSYNC_PROVIDER: 'replicate' });
    expect(code).toBe(1);
    expect(output).toContain('generation service failed to start: API key missing: set REPLICATE_API_TOKEN\n');
  }, 40_000);

  it('stops the service at start, naming the variable to set (OpenAI)', async () => {
    const { code, output } = await startService({ SCRIPT_PROVIDER: 'openai' });
    expect(code).toBe(1);
    expect(output).toContain('generation service failed to start: API key missing: set OPENAI_API_KEY\n');
  }, 40_000);
});
