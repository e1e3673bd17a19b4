import { IsOptional, IsString, Matches } from 'class-validator';
import { EnvPurpose, RequiredInProduction, ServiceSettings } from '@lipcast/nest-kit';

/** The content service's environment: the database and NATS, plus what its mail needs. */
export class ContentSettings extends ServiceSettings {
  @EnvPurpose('SMTP relay the platform\'s e-mail goes through, e.g. smtps://user:password@smtp.example.com:465; npm start runs a local mail catcher when unset')
  @RequiredInProduction()
  @IsOptional()
  @Matches(/^smtps?:\/\/\S+$/, { message: 'must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @EnvPurpose('the From of every mail, e.g. "Lipcast <hello@lipcast.example>" (an address the SMTP relay may send as)')
  @RequiredInProduction()
  @IsString()
  @Matches(/^(.*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, { message: 'must be an address, optionally with a name: Name <address@example.com>' })
  MAIL_FROM = 'Lipcast <no-reply@lipcast.localhost>';

  @EnvPurpose('the site\'s public origin for links in mail, e.g. https://lipcast.example (the gateway\'s PUBLIC_URL); unset: http://localhost:<PORT> (PORT: the gateway port npm start gives every process)')
  @RequiredInProduction()
  @IsOptional()
  @Matches(/^https?:\/\/[^/\s]+\/?$/, { message: 'must be an http(s) origin such as https://lipcast.example' })
  PUBLIC_URL?: string;
}

/** Where links in mail point: `PUBLIC_URL`, or the local site on the gateway's `PORT` (npm start gives every process the same). */
export function siteOrigin(settings: ContentSettings): string {
  return (settings.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
}
