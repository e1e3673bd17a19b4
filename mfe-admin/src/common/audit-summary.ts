import type { AdminAuditEntry } from '@lipcast/contracts';

/** What an audit entry says, for people: one sentence, then the detail as "key: value" lines. */
export interface AuditSummary {
  sentence: string;
  lines: string[];
}

const text = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const shortId = (id: unknown) => (typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id) ? id.slice(0, 8) : text(id));

/** "Gave Alice 5 extra generations", "Cancelled job 0b7e9a52", ...; an action it does not know reads as the action and target. */
function sentenceOf(entry: AdminAuditEntry): string {
  const { detail } = entry;
  const who = entry.targetName ?? entry.target;
  switch (entry.action) {
    case 'credits.adjust': {
      const delta = typeof detail.delta === 'number' ? detail.delta : 0;
      const generations = plural(Math.abs(delta), 'extra generation', 'extra generations');
      return delta < 0 ? `Took ${generations} back from ${who}` : `Gave ${who} ${generations}`;
    }
    case 'job.cancel':
      return `Cancelled job ${shortId(entry.target)}`;
    case 'job.retry':
      return `Retried job ${shortId(entry.target)}${detail.newJobId ? ` as job ${shortId(detail.newJobId)}` : ''}`;
    case 'post.create':
      return `Created post “${text(detail.slug)}”${detail.status ? ` (${text(detail.status)})` : ''}`;
    case 'post.update':
      return `Updated post “${text(detail.slug)}”${detail.status ? ` (${text(detail.status)})` : ''}`;
    case 'gallery.restore':
      return `Restored influencer #${entry.target} to the gallery`;
    case 'gallery.remove':
      return `Removed influencer #${entry.target} from the gallery`;
    case 'newsletter.send':
      return `Sent the newsletter “${text(detail.subject)}”${typeof detail.recipients === 'number' ? ` to ${plural(detail.recipients, 'subscriber', 'subscribers')}` : ''}`;
    case 'newsletter.resume':
      return `Resumed newsletter issue #${entry.target}${typeof detail.recipients === 'number' ? ` for ${plural(detail.recipients, 'subscriber', 'subscribers')}` : ''}`;
    default:
      return `${entry.action} on ${who}`;
  }
}

/** Detail keys in words. */
const KEY_LABELS: Record<string, string> = {
  delta: 'Change',
  reason: 'Reason',
  jobId: 'Job',
  newJobId: 'New job',
  extraGenerations: 'Extra generations now',
  status: 'Status',
  state: 'State',
  slug: 'Slug',
  publishedAt: 'Published at',
  subject: 'Subject',
  recipients: 'Recipients',
};

const labelOf = (key: string) => KEY_LABELS[key] ?? key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (first) => first.toUpperCase());

export function auditSummary(entry: AdminAuditEntry): AuditSummary {
  const lines = Object.entries(entry.detail)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${labelOf(key)}: ${key === 'delta' && typeof value === 'number' && value > 0 ? `+${value}` : text(value)}`);
  return { sentence: sentenceOf(entry), lines };
}
