import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Subjects, type Plan } from '@lipcast/contracts';
import { ServiceClient } from '@lipcast/nest-kit';

@ApiTags('billing')
@Controller('stripe')
export class PlansController {
  constructor(private readonly services: ServiceClient) {}

  @Get('plans')
  list(): Promise<Plan[]> {
    return this.services.send<Plan[]>(Subjects.billing.plansList, {});
  }
}
