import type { ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { GenerationController } from '../generation/generation.controller';
import { InfluencersController } from '../generation/influencers.controller';
import { isPreviewRoute, previewTracker } from './preview-rate-limit';

/** The context the throttler sees for a request to one of a controller's handlers. */
const routeTo = <T extends object>(controller: abstract new (...args: never[]) => T, handler: keyof T) =>
  ({ getClass: () => controller, getHandler: () => controller.prototype[handler] }) as unknown as ExecutionContext;

const requestFrom = (ip: string, userId?: string) => ({ ip, session: userId ? { userId } : undefined }) as unknown as Request;

describe('the preview rate limit', () => {
  it('counts the routes marked @PreviewRoute() (speech, script, portrait, picture check), and no other', () => {
    expect(isPreviewRoute(routeTo(GenerationController, 'audio'))).toBe(true);
    expect(isPreviewRoute(routeTo(GenerationController, 'script'))).toBe(true);
    expect(isPreviewRoute(routeTo(InfluencersController, 'image'))).toBe(true);
    expect(isPreviewRoute(routeTo(InfluencersController, 'checkImage'))).toBe(true);
    expect(isPreviewRoute(routeTo(GenerationController, 'lipSync'))).toBe(false);
    expect(isPreviewRoute(routeTo(GenerationController, 'actors'))).toBe(false);
    expect(isPreviewRoute(routeTo(InfluencersController, 'video'))).toBe(false);
  });

  it('counts a signed-in request per user, whatever its address, and a signed-out one per address', () => {
    expect(previewTracker(requestFrom('203.0.113.7', 'user-1'))).toBe('user user-1');
    expect(previewTracker(requestFrom('198.51.100.2', 'user-1'))).toBe('user user-1');
    expect(previewTracker(requestFrom('203.0.113.7', 'user-2'))).toBe('user user-2');
    expect(previewTracker(requestFrom('203.0.113.7'))).toBe('address 203.0.113.7');
  });
});
