import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Subjects, type MailPreferences } from '@lipcast/contracts';
import { ServiceClient } from '@lipcast/nest-kit';
import { MailPreferencesBody } from '@lipcast/nest-kit/requests';
import { CurrentUserId } from '../auth/signed-in.guard';

/** The signed-in user's choice of mails (`/profile`); the content service keeps it. */
@ApiTags('profile')
@Controller('profile/mail-preferences')
export class MailPreferencesController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: 'Which mails the user gets' })
  get(@CurrentUserId() userId: string): Promise<MailPreferences> {
    return this.services.send(Subjects.content.mailPreferencesGet, { userId });
  }

  @Put()
  @ApiOperation({ summary: 'Turns mails on or off' })
  set(@CurrentUserId() userId: string, @Body() body: MailPreferencesBody): Promise<MailPreferences> {
    return this.services.send(Subjects.content.mailPreferencesSet, { userId, videoReady: body.videoReady });
  }
}
