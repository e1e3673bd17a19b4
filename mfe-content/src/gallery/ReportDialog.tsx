import { useId, useState } from 'react';
import { API_ROUTES, MAX_REPORT_CONTACT_LENGTH, REPORT_REASONS, type InfluencerReportBody, type ReportReason } from '@lipcast/contracts';
import { Button, Dialog, DialogContent, DialogFooter, Input, Label } from '@lipcast/ui';
import { callApi, toast, useBusy } from '@lipcast/web-kit';

export const REPORT_THANKS = 'Thank you for your report';

/** Reports a gallery influencer (anyone, signed in or not): a reason, and optionally how to reach the reporter. */
export function ReportDialog({ projectId, title, onClose, onReported }: { projectId: number; title: string; onClose: () => void; onReported: () => void }) {
  const ids = { contact: useId(), reasons: useId() };
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [contact, setContact] = useState('');
  const { busy, run } = useBusy((error) => toast({ title: 'The report could not be sent', description: error instanceof Error ? error.message : undefined, variant: 'destructive' }));

  function send() {
    if (!reason || busy) return;
    void run(async () => {
      const body: InfluencerReportBody = { reason, ...(contact.trim() ? { contact: contact.trim() } : {}) };
      await callApi(API_ROUTES.reportInfluencer(projectId), { body, expectUnauthorized: true });
      toast({ title: REPORT_THANKS, description: 'We will look at it.', variant: 'success' });
      onReported();
    });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={`Report ${title}`} description="Tell us what is wrong with this influencer.">
        <fieldset className="space-y-2" aria-labelledby={ids.reasons}>
          <legend id={ids.reasons} className="text-sm font-medium text-neutral-800">
            Reason
          </legend>
          {(Object.entries(REPORT_REASONS) as [ReportReason, string][]).map(([value, label]) => (
            <label key={value} className="flex items-start gap-2 text-sm text-slate-700">
              <input type="radio" name="report-reason" className="mt-0.5 h-4 w-4" value={value} checked={reason === value} onChange={() => setReason(value)} />
              <span>{label}</span>
            </label>
          ))}
        </fieldset>
        <div className="space-y-2">
          <Label htmlFor={ids.contact}>Your contact (optional)</Label>
          <Input id={ids.contact} value={contact} maxLength={MAX_REPORT_CONTACT_LENGTH} onChange={(event) => setContact(event.target.value)} placeholder="email, if you want an answer" />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={send} disabled={!reason || busy}>
            Send report
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
