import { SetMetadata, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { normalizeIp } from '@nestjs/throttler';
import type { Request } from 'express';

const PREVIEW_ROUTE = 'lipcast:preview-route';

/**
 * Marks a free but costly route (a speech preview, a script, a portrait, a picture check) that the
 * preview rate limit (`PREVIEW_RATE_LIMIT_PER_MINUTE`) counts. A mark, not a method name: renaming
 * the handler keeps the limit.
 */
export const PreviewRoute = () => SetMetadata(PREVIEW_ROUTE, true);

const reflector = new Reflector();

/** Whether the preview rate limit counts this route (the `preview` throttler skips every other). */
export const isPreviewRoute = (context: ExecutionContext): boolean => reflector.get<boolean | undefined>(PREVIEW_ROUTE, context.getHandler()) === true;

/**
 * Who a preview counts against: the signed-in user (the session's `userId`), so people sharing one
 * address (an office, a school) each have their own allowance; the client address (as far as
 * TRUST_PROXY vouches for it) when signed out. The prefixes keep a user id from meeting an address.
 */
export function previewTracker(request: Request): string {
  const userId = request.session?.userId;
  return userId ? `user ${userId}` : `address ${normalizeIp(request.ip ?? '')}`;
}
