import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, newsletterParagraphs, type AdminNewsletterIssue, type AdminNewsletterIssueList } from '@lipcast/contracts';
import { Badge, TextareaField } from '@lipcast/ui';
import { callApi, routeQuery, toast } from '@lipcast/web-kit';
import { errorText, refreshAdminData, runAdminAction } from '../admin-api';
import { ConfirmAction } from '../common/ConfirmAction';
import { TextField } from '../common/fields';
import { formatDateTime } from '../common/format';
import { LoadState } from '../common/LoadState';
import { cellClass, Table } from '../common/Table';
import { validateNewsletterIssue, type NewsletterIssueErrors, type NewsletterIssueInput } from '../forms/newsletter-issue';

/** How often the list is read again while an issue is unfinished, to show the sending's progress. */
export const NEWSLETTER_PROGRESS_POLL_MS = 3000;

const EMPTY_ISSUE: NewsletterIssueInput = { subject: '', body: '' };
const subscribers = (count: number) => `${count} ${count === 1 ? 'subscriber' : 'subscribers'}`;

/** The issue as the subscribers will read it: the subject, then one paragraph per block of text. */
function IssuePreview({ input }: { input: NewsletterIssueInput }) {
  const paragraphs = newsletterParagraphs(input.body);
  return (
    <section aria-labelledby="newsletter-preview-heading" className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h4 id="newsletter-preview-heading" className="text-sm font-semibold text-slate-700">
        Preview
      </h4>
      {input.subject.trim() === '' && paragraphs.length === 0 ? (
        <p className="text-sm text-slate-500">The preview appears as you write.</p>
      ) : (
        <>
          <p className="font-semibold text-slate-900">{input.subject.trim() || '(no subject)'}</p>
          <p className="text-slate-700">Hello,</p>
          {paragraphs.map((paragraph, index) => (
            <p key={index} className="whitespace-pre-line text-slate-700">
              {paragraph}
            </p>
          ))}
          <p className="text-xs text-slate-500">Each subscriber&apos;s mail ends with their own unsubscribe link.</p>
        </>
      )}
    </section>
  );
}

function IssueForm({ confirmedSubscribers }: { confirmedSubscribers: number }) {
  const queryClient = useQueryClient();
  const [input, setInput] = useState<NewsletterIssueInput>(EMPTY_ISSUE);
  const [errors, setErrors] = useState<NewsletterIssueErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  /** Shows what is wrong instead of the confirmation, so nobody confirms a send that cannot go. */
  function checked(): boolean {
    const result = validateNewsletterIssue(input);
    setErrors('errors' in result ? result.errors : {});
    return !('errors' in result);
  }

  async function send() {
    const result = validateNewsletterIssue(input);
    if ('errors' in result) return setErrors(result.errors);
    setFailure(null);
    try {
      const sending = await callApi(API_ROUTES.admin.sendNewsletterIssue, { body: result.body });
      toast({ title: `Sending the issue to ${subscribers(sending.recipients)}`, variant: 'success' });
      setInput(EMPTY_ISSUE);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      await refreshAdminData(queryClient);
    }
  }

  return (
    <form aria-labelledby="newsletter-form-heading" onSubmit={(event) => event.preventDefault()} noValidate className="space-y-4 rounded-xl border border-slate-200 p-4">
      <h3 id="newsletter-form-heading" className="text-lg font-semibold text-slate-900">
        New issue
      </h3>
      <TextField label="Subject" value={input.subject} onChange={(event) => setInput({ ...input, subject: event.target.value })} error={errors.subject} />
      <TextareaField
        label="Body (plain text; a blank line starts a new paragraph)"
        value={input.body}
        onChange={(event) => setInput({ ...input, body: event.target.value })}
        error={errors.body}
        className="min-h-48"
      />
      <IssuePreview input={input} />
      {failure && (
        <p role="alert" className="text-sm text-red-600">
          Could not send the issue: {failure}
        </p>
      )}
      {confirmedSubscribers === 0 && <p className="text-sm text-slate-600">No confirmed subscriber yet: there is nobody to send an issue to.</p>}
      <ConfirmAction
        label="Send issue"
        title={`Send to ${subscribers(confirmedSubscribers)}?`}
        description="Every confirmed subscriber gets this issue once, by e-mail, in the background. It cannot be called back. This is written to the audit log."
        confirmLabel="Send"
        variant="default"
        disabled={confirmedSubscribers === 0}
        canOpen={checked}
        onConfirm={send}
      />
    </form>
  );
}

function IssueRow({ issue }: { issue: AdminNewsletterIssue }) {
  const queryClient = useQueryClient();
  const resume = () =>
    runAdminAction(queryClient, 'Could not resume the issue', async () => {
      const sending = await callApi(API_ROUTES.admin.resumeNewsletterIssue(issue.id));
      return `Sending “${issue.subject}” to ${subscribers(sending.recipients)} more`;
    });
  return (
    <tr>
      <th scope="row" className={`${cellClass} font-medium`}>
        {issue.subject}
      </th>
      <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(issue.createdAt)}</td>
      <td className={`${cellClass} whitespace-nowrap`}>
        {issue.sentCount} / {issue.recipientCount}
      </td>
      <td className={cellClass}>
        {issue.finishedAt ? <Badge variant="success">sent {formatDateTime(issue.finishedAt)}</Badge> : <Badge variant="info">not finished</Badge>}
      </td>
      <td className={cellClass}>
        {!issue.finishedAt && (
          <ConfirmAction
            label="Resume"
            name={`Resume ${issue.subject}`}
            title={`Resume “${issue.subject}”?`}
            description="The confirmed subscribers who have not had this issue get it now; nobody gets it twice."
            confirmLabel="Resume"
            onConfirm={resume}
          />
        )}
      </td>
    </tr>
  );
}

/** Newsletter issues: write one, send it to the confirmed subscribers, follow its progress, resume an unfinished one. */
export function NewsletterTab() {
  const { data, isLoading, error } = useQuery({
    ...routeQuery(API_ROUTES.admin.newsletterIssues),
    staleTime: 0,
    refetchInterval: (query) => ((query.state.data as AdminNewsletterIssueList | undefined)?.issues.some((issue) => !issue.finishedAt) ? NEWSLETTER_PROGRESS_POLL_MS : false),
  });
  return (
    <section aria-labelledby="newsletter-heading" className="space-y-4">
      <h2 id="newsletter-heading" className="text-xl font-semibold text-slate-900">
        Newsletter
      </h2>
      <LoadState isLoading={isLoading} error={error} label="the newsletter" />
      {data && (
        <>
          <p className="text-slate-700">
            <strong>{data.confirmedSubscribers}</strong> confirmed {data.confirmedSubscribers === 1 ? 'subscriber' : 'subscribers'} (sign-ups that have not confirmed get nothing).
          </p>
          <IssueForm confirmedSubscribers={data.confirmedSubscribers} />
          <Table caption="Newsletter issues, newest first" columns={['Subject', 'Created', 'Sent', 'Status', '']} empty={data.issues.length === 0 && 'No issue sent yet'}>
            {data.issues.map((issue) => (
              <IssueRow key={issue.id} issue={issue} />
            ))}
          </Table>
        </>
      )}
    </section>
  );
}
