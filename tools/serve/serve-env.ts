/** Small helpers for the stand-ins run as processes of their own (`tools/serve/*.ts`). */

export function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`${name} must be set`);
    process.exit(1);
  }
  return value;
}

export function portFrom(name: string, fallback: number): number {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    console.error(`${name} must be a port number`);
    process.exit(1);
  }
  return value;
}

export function listOf(value: string): string[] {
  return value.split(',').map((item) => item.trim()).filter(Boolean);
}

/** Stops on SIGTERM (a container stop) or SIGINT, then exits. */
export function stopOnSignal(stop: () => Promise<void>): void {
  const handle = () => {
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', handle);
  process.once('SIGINT', handle);
}
