import { Body, Controller, Delete, Get, HttpCode, Logger, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Equals } from 'class-validator';
import type { Request, Response } from 'express';
import {
  DELETE_ACCOUNT_CONFIRMATION, Subjects, type AccountDeletedAnswer, userFolder, type Account, type AuthUser, type DeleteUserDataRequest, type InfluencerProject, type LikenessConsentRecord, type MailPreferences, type OwnActor, type Project,
} from '@lipcast/contracts';
import { ServiceClient, StorageService } from '@lipcast/nest-kit';
import { IdentityProvider } from '../auth/identity-provider';
import { CurrentUserId } from '../auth/signed-in.guard';
import { PgSessionStore } from '../session/pg-session-store';
import { SESSION_COOKIE } from '../session/session.middleware';
import { GatewaySettings } from '../settings';
import { AccountExports } from './account-exports';
import { AccountExportsRepository } from './account-exports.repository';
import { writeZip, type ZipEntry } from './zip-writer';

/** What `records.json` in an export holds: the user's records from each service. */
export interface ExportedRecords {
  exportedAt: string;
  user: AuthUser;
  account: Account;
  history: Project[];
  influencers: InfluencerProject[];
  /** Their own actors, each with the consent recorded at its upload (the clips are under media/actors/). */
  ownActors: OwnActor[];
  /** Every consent they gave for a face or a voice (own actors, uploaded photos, recordings). */
  consents: LikenessConsentRecord[];
  /** Which mails the user gets (content). */
  mailPreferences: MailPreferences;
}

export const EXPORT_FILE_NAME = 'lipcast-export.zip';

/** `DELETE /api/account`: the user types DELETE to confirm. */
export class DeleteAccountBody {
  @ApiProperty({ enum: [DELETE_ACCOUNT_CONFIRMATION] })
  @Equals(DELETE_ACCOUNT_CONFIRMATION, { message: `Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm.` })
  confirm!: string;
}

/** The signed-in user's own account: taking their data out, and deleting it. */
@ApiTags('account')
@Controller('account')
export class AccountController {
  private readonly logger = new Logger(AccountController.name);
  private readonly exports: AccountExports;

  constructor(
    private readonly services: ServiceClient,
    private readonly storage: StorageService,
    private readonly identityProvider: IdentityProvider,
    exportRows: AccountExportsRepository,
    settings: GatewaySettings,
  ) {
    this.exports = new AccountExports(exportRows, settings.ACCOUNT_EXPORTS_PER_DAY);
  }

  /**
   * Deletes the account. First auth marks the user `deleting` (their API keys and sign-ins are refused
   * from then on) and every other session of the user ends, so nothing the user does elsewhere (a job
   * started by a key or on another device) recreates what the steps delete. Then each service is asked
   * in turn and answers (a failure is reported and the deletion can be retried: every step can run
   * again, and this session stays until the end for that): generation (live jobs cancelled, media
   * and community copies removed), then auth keeps the identity's one-way fingerprint with the free
   * generations it used (asked of billing, so signing up again does not renew them), then billing
   * (subscription ended at Stripe, ledger kept under an anonymous id), then content (mail preferences),
   * then auth (the user). Last, every session of the user ends, on every device,
   * and the answer carries `signOutUrl`, the identity provider's end-session address exactly as Logout
   * redirects to it: the page goes there, so the next Log in asks who signs in instead of signing the same identity straight back in.
   */
  @Delete()
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete my account: body {confirm: "DELETE"}' })
  async delete(@CurrentUserId() userId: string, @Body() _body: DeleteAccountBody, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<AccountDeletedAnswer> {
    const step: DeleteUserDataRequest = { userId };
    const sessions = request.sessionStore as unknown as PgSessionStore;
    await this.services.send(Subjects.auth.userDeletionStart, step);
    await sessions.endAllOf(userId, request.sessionID);
    await this.services.send(Subjects.generation.userDataDelete, step, 120_000);
    await this.services.send(Subjects.auth.userFingerprintKeep, step);
    await this.services.send(Subjects.billing.accountDelete, step, 60_000);
    await this.services.send(Subjects.content.userDelete, step);
    await this.services.send(Subjects.auth.userDelete, step);
    // Read before the session goes: the end-session address Logout would redirect to (the page goes there).
    const signOutUrl = await this.identityProvider.signOutUrl(request, request.session.idToken);
    // This request's session is destroyed (so it is not saved again as the answer goes), then all the others.
    await new Promise<void>((resolve, reject) => request.session.destroy((error: unknown) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve())));
    await sessions.endAllOf(userId);
    response.clearCookie(SESSION_COOKIE, { path: '/' });
    this.logger.log({ userId }, 'account deleted');
    return { deleted: true, signOutUrl };
  }

  /**
   * A ZIP of everything the user has: `records.json` (their records from each service) and their
   * media under `media/` as stored in `users/<id>/`, streamed one object at a time. An export reads
   * every object the user has, so each user gets one at a time and `ACCOUNT_EXPORTS_PER_DAY` a UTC
   * day, counted across replicas (429 with the reason beyond).
   */
  @Get('export')
  @ApiOperation({ summary: 'Export my data: a ZIP of records.json and the media under users/<id>/' })
  async export(@CurrentUserId() userId: string, @Res() response: Response): Promise<void> {
    const run = await this.exports.start(userId);
    // However it ends (complete, failed, or the download given up), the user's place is free again.
    response.once('close', () => void run.release());
    // Everything that can fail before a byte is sent is asked first, so a failure is still a proper error answer.
    const [user, account, history, influencers, ownActors, consents, mailPreferences, objects] = await Promise.all([
      this.services.send(Subjects.auth.userGet, { id: userId }),
      this.services.send(Subjects.billing.accountGet, { userId }),
      this.services.send(Subjects.generation.projectsList, { userId }),
      this.services.send(Subjects.generation.influencersList, { userId }),
      this.services.send(Subjects.generation.ownActorsList, { userId }).then((reply) => reply.actors),
      this.services.send(Subjects.generation.consentsList, { userId }),
      this.services.send(Subjects.content.mailPreferencesGet, { userId }),
      this.storage.list(userFolder(userId)),
    ]).catch(async (error: unknown) => {
      // Nothing was sent: this export does not count.
      await run.release({ refund: true });
      throw error;
    });
    const records: ExportedRecords = { exportedAt: new Date().toISOString(), user, account, history, influencers, ownActors, consents, mailPreferences };
    response.status(200);
    response.setHeader('Content-Type', 'application/zip');
    response.setHeader('Content-Disposition', `attachment; filename="${EXPORT_FILE_NAME}"`);
    response.setHeader('Cache-Control', 'no-store');
    const storage = this.storage;
    const folder = userFolder(userId);
    async function* entries(): AsyncGenerator<ZipEntry> {
      yield { name: 'records.json', data: Buffer.from(JSON.stringify(records, null, 2)) };
      for (const object of objects) {
        yield { name: `media/${object.key.slice(folder.length)}`, data: await storage.read(object.key), modified: object.lastModified };
      }
    }
    try {
      await writeZip(entries(), response);
      // Freed before the last byte goes out: a user who downloads it and asks again at once is not told it is still under way.
      await run.release();
      response.end();
    } catch (error) {
      // Headers are sent: the only honest signal left is a broken download.
      this.logger.error(`export of ${userId} failed: ${String(error)}`);
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
