import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Subjects, type AdminNewsletterIssueList, type AdminNewsletterSending } from '@lipcast/contracts';
import { Handles } from '@lipcast/nest-kit';
import { AdminNewsletterSendDto } from '@lipcast/nest-kit/requests';
import { NewsletterIssueResumeDto } from './newsletter-issue.dto';
import { NewsletterIssuesService } from './newsletter-issues.service';

/** The operator console's newsletter requests (the gateway lets only operators send them, and audits each send). */
@Controller()
export class NewsletterIssuesController {
  constructor(private readonly issues: NewsletterIssuesService) {}

  @Handles(Subjects.content.adminNewsletterIssuesList)
  list(): Promise<AdminNewsletterIssueList> {
    return this.issues.list();
  }

  @Handles(Subjects.content.adminNewsletterIssueSend)
  send(@Payload() request: AdminNewsletterSendDto): Promise<AdminNewsletterSending> {
    return this.issues.send(request);
  }

  @Handles(Subjects.content.adminNewsletterIssueResume)
  resume(@Payload() request: NewsletterIssueResumeDto): Promise<AdminNewsletterSending> {
    return this.issues.resume(request.id);
  }
}
