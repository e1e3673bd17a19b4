import { Controller, Get, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Subjects, type Plan } from '@lipcast/contracts';
import { Public } from '../auth/signed-in.guard';
import { PublicReadCaching, PublicReads } from '../http/public-reads';

@ApiTags('billing')
@Public()
@Controller('stripe')
export class PlansController {
  constructor(private readonly reads: PublicReads) {}

  @Get('plans')
  @UseInterceptors(PublicReadCaching)
  list(): Promise<Plan[]> {
    return this.reads.send(Subjects.billing.plansList, {});
  }
}
