import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';

export interface AdminRoute {
  method: string;
  path: string;
}

/** Every `/api/admin` route the gateway's router holds: read from the router itself, so a route added later is covered the day it is added. */
export function adminRoutes(gateway: INestApplication): AdminRoute[] {
  const express = gateway.getHttpAdapter().getInstance() as { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } };
  return express.router.stack
    .flatMap((layer) => (layer.route ? Object.keys(layer.route.methods).map((method) => ({ method: method.toUpperCase(), path: layer.route!.path })) : []))
    .filter((route) => route.path.startsWith('/api/admin/'));
}

/**
 * What each route answers a request with `cookie` (null: signed out), as `METHOD /path STATUS`. The
 * ids are made up and every write carries the same small body: a refusal comes before either is read.
 */
export async function adminRouteStatuses(base: string, routes: AdminRoute[], cookie: string | null): Promise<string[]> {
  const answers: string[] = [];
  for (const route of routes) {
    const path = route.path.replace(':influencerId', '1').replace(':id', route.path.includes('/posts/') ? '1' : randomUUID());
    const write = route.method !== 'GET';
    const response = await fetch(`${base}${path}`, {
      method: route.method,
      headers: { ...(cookie ? { cookie } : {}), origin: base, ...(write ? { 'content-type': 'application/json' } : {}) },
      ...(write ? { body: JSON.stringify({ delta: 1, reason: 'x' }) } : {}),
    });
    await response.body?.cancel();
    answers.push(`${route.method} ${route.path} ${response.status}`);
  }
  return answers;
}

/** `adminRouteStatuses` as it reads when every route answers `status`. */
export const everyAdminRoute = (routes: AdminRoute[], status: number): string[] => routes.map((route) => `${route.method} ${route.path} ${status}`);
