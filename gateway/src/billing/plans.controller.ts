import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Subjects, type Plan } from '@lipcast/contracts';
import { ServiceClient } from '@lipcast/nest-kit';
import { Public } from '../auth/signed-in.guard';

@ApiTags('billing')
@Public()
@Controller('stripe')
export class PlansController {
  constructor(private readonly services: ServiceClient) {}

  @Get('plans')
  list(): Promise<Plan[]> {
    return this.services.send<Plan[]>(Subjects.billing.plansList, {});
  }
}
