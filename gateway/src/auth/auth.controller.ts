import { Controller, Get, UnauthorizedException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Messages } from '@lipcast/contracts';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  /**
   * The current user; 401 means signed out (the browser then shows the signed-out shell). Sign-in
   * and sessions do not exist yet, so every visitor is signed out until the identity work lands.
   */
  @Get('user')
  user(): never {
    throw new UnauthorizedException(Messages.unauthenticated);
  }
}
