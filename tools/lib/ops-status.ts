/**
 * Reading the processes' operator-only status (nest-kit's ops listener) from the tools: what
 * `npm start`, the test stacks and the end-to-end set-up wait for.
 */

/** The processes of the platform, with their default ops ports (nest-kit's `DEFAULT_OPS_PORTS`). */
export const DEFAULT_OPS_PORTS = { gateway: 9400, auth: 9401, generation: 9402, billing: 9403, content: 9404 } as const;

interface DependencyState {
  ok: boolean;
}
/** The part of the gateway's operator-only `/status` the stack reads. */
export interface GatewayStatus {
  ready?: boolean;
  dependencies?: Record<string, DependencyState>;
  services?: Record<string, DependencyState>;
}

/** A process's `/status`, or an empty one while it does not answer. */
export async function readStatus(opsUrl: string, token?: string): Promise<GatewayStatus> {
  const response = await fetch(`${opsUrl}/status`, { headers: token ? { authorization: `Bearer ${token}` } : {} }).catch(() => null);
  return response?.ok ? ((await response.json()) as GatewayStatus) : {};
}

/**
 * "Every service up", as the gateway's status view says it: the gateway ready, every dependency it
 * watches (the object store too) and every service's ping answered. What `npm start`, the test
 * stacks and the end-to-end set-up wait for; `/api/ready` says only that the gateway can serve.
 */
export function everyServiceUp(status: GatewayStatus): boolean {
  const states = [...Object.values(status.dependencies ?? {}), ...Object.values(status.services ?? {})];
  return status.ready === true && Object.keys(status.services ?? {}).length > 0 && states.every((state) => state.ok);
}
