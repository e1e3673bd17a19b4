import { Controller, Get, HttpException, Logger, Post, HttpStatus, Query, Req, Res, UnauthorizedException } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ErrorCode, LOGIN_FAILED_PATH, Messages, Subjects, type UserRoles } from '@lipcast/contracts';
import { ServiceClient, ServiceError } from '@lipcast/nest-kit';
import { currentRoles } from '../admin/admin-role';
import { publicOrigin } from '../http/public-origin';
import { SignInRoute } from '../http/sign-in-rate-limit';
import { SESSION_COOKIE } from '../session/session.middleware';
import { GatewaySettings } from '../settings';
import { CurrentUsers, type CurrentUser } from './current-users';
import { IdentityProvider } from './identity-provider';
import { isCrossSiteNavigation, LOGOUT_CONFIRM_PAGE } from './logout-confirm';
import { OidcClient, safeReturnPath } from './oidc';
import { CurrentUserId, KeepsCurrentUser, Public } from './signed-in.guard';

const promisify = (run: (done: (error?: unknown) => void) => void) =>
  new Promise<void>((resolve, reject) => run((error) => (error ? reject(error) : resolve())));

@ApiTags('auth')
@Controller()
export class AuthController {
  private readonly logger = new Logger(AuthController.name);

  constructor(
    private readonly services: ServiceClient,
    private readonly settings: GatewaySettings,
    private readonly currentUsers: CurrentUsers,
    private readonly identityProvider: IdentityProvider,
  ) {}

  private signIn(): OidcClient {
    const { oidc } = this.identityProvider;
    if (!oidc) throw new HttpException({ message: 'Sign-in is not configured (set OIDC_ISSUER_URL).' }, HttpStatus.SERVICE_UNAVAILABLE);
    return oidc;
  }

  /** The signed-in user with plan and usage (kept for a moment: `CurrentUsers`) and roles (from today's ADMIN_* settings); 401 when signed out (the guard). */
  @KeepsCurrentUser()
  @Get('auth/user')
  async user(@Req() request: Request, @CurrentUserId() userId: string): Promise<CurrentUser & UserRoles> {
    try {
      return { ...(await this.currentUsers.read(userId)), roles: currentRoles(this.settings, request.session) };
    } catch (error) {
      if (error instanceof ServiceError && error.code === ErrorCode.NotFound) {
        await promisify((done) => request.session.destroy(done));
        throw new UnauthorizedException(Messages.unauthenticated);
      }
      throw error;
    }
  }

  /** Starts sign-in at the issuer; `returnTo` must be a path on this site. */
  @Public()
  @SignInRoute()
  @ApiExcludeEndpoint()
  @Get('login')
  async login(@Req() request: Request, @Res() response: Response, @Query('returnTo') returnTo?: string) {
    const { url, pending } = await this.signIn().startLogin(`${publicOrigin(this.settings, request)}/api/callback`, safeReturnPath(returnTo));
    request.session.oidc = pending;
    await promisify((done) => request.session.save(done));
    response.redirect(302, url);
  }

  /** The issuer sends the browser back here; a new session id is issued at sign-in (no fixation). */
  @Public()
  @SignInRoute({ perAttempt: true })
  @ApiExcludeEndpoint()
  @Get('callback')
  async callback(@Req() request: Request, @Res() response: Response) {
    const pending = request.session.oidc;
    if (!pending) return response.redirect(302, LOGIN_FAILED_PATH);
    try {
      const { idToken, groups, emailVerified, ...profile } = await this.signIn().finishLogin(new URL(request.originalUrl, publicOrigin(this.settings, request)), pending);
      const user = await this.services.send(Subjects.auth.userUpsert, profile);
      this.currentUsers.forget(user.id);
      await promisify((done) => request.session.regenerate(done));
      request.session.userId = user.id;
      request.session.idToken = idToken;
      // What `AdminGuard` checks on every admin request, from the verified ID token: never the
      // username, which most issuers let users choose.
      request.session.signedInAs = { issuer: profile.issuer, subject: profile.subject, verifiedEmail: emailVerified ? profile.email : null, groups };
      request.session.signedInAt = Date.now();
      request.session.username = user.username;
      await promisify((done) => request.session.save(done));
      response.redirect(302, pending.returnTo);
    } catch (error) {
      this.logger.warn(`sign-in failed: ${error instanceof Error ? error.message : String(error)}`);
      delete request.session.oidc;
      response.redirect(302, LOGIN_FAILED_PATH);
    }
  }

  /**
   * Signs out on a navigation from this site. A link from another site cannot sign anyone out: it
   * gets a page whose button posts the logout (below).
   */
  @Public()
  @ApiExcludeEndpoint()
  @Get('logout')
  async logout(@Req() request: Request, @Res() response: Response) {
    if (isCrossSiteNavigation(request, publicOrigin(this.settings, request))) {
      response.status(200).type('html').set('Cache-Control', 'no-store').send(LOGOUT_CONFIRM_PAGE);
      return;
    }
    await this.signOut(request, response, 302);
  }

  /** The confirmation page's button (the same-origin check refuses it from another site). */
  @Public()
  @ApiExcludeEndpoint()
  @Post('logout')
  async confirmLogout(@Req() request: Request, @Res() response: Response) {
    // 303: the browser follows with a GET.
    await this.signOut(request, response, 303);
  }

  /** Ends the session here and, where the issuer supports it, there too; then back to `/`. */
  private async signOut(request: Request, response: Response, status: 302 | 303) {
    const { idToken, userId } = request.session;
    if (userId) this.currentUsers.forget(userId);
    await promisify((done) => request.session.destroy(done));
    response.clearCookie(SESSION_COOKIE, { path: '/' });
    response.redirect(status, await this.identityProvider.signOutUrl(request, idToken));
  }
}
