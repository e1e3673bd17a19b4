import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_REASON_MAX_LENGTH, API_ROUTES } from '@lipcast/contracts';
import { Button, TextareaField } from '@lipcast/ui';
import { callApi, toast, useBusy } from '@lipcast/web-kit';
import { errorText, refreshAdminData } from '../admin-api';
import { TextField } from '../common/fields';
import { validateCreditAdjustment, type CreditAdjustmentErrors, type CreditAdjustmentInput } from '../forms/credit-adjustment';

/** Gives (positive) or takes back (negative) extra generations, with a reason; billing writes it to the ledger with the operator. */
export function CreditAdjustmentForm({ userId, jobId = '' }: { userId: string; jobId?: string }) {
  const queryClient = useQueryClient();
  // A refund from a job's details starts as "+1 for that job".
  const [input, setInput] = useState<CreditAdjustmentInput>({ delta: jobId ? '1' : '', reason: '', jobId });
  const [errors, setErrors] = useState<CreditAdjustmentErrors>({});
  const { busy: sending, run } = useBusy((failure) => toast({ title: 'Could not adjust the credits', description: errorText(failure), variant: 'destructive' }));
  const set = (field: keyof CreditAdjustmentInput) => (event: { target: { value: string } }) => setInput({ ...input, [field]: event.target.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateCreditAdjustment(input);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    void run(async () => {
      await callApi(API_ROUTES.admin.adjustCredits(userId), { body: checked.body });
      toast({ title: `Credits adjusted by ${checked.body.delta > 0 ? '+' : ''}${checked.body.delta}`, variant: 'success' });
      setInput({ delta: '', reason: '', jobId: '' });
      await refreshAdminData(queryClient);
    });
  }

  return (
    <form aria-labelledby="credit-form-heading" onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-slate-200 p-4">
      <h4 id="credit-form-heading" className="font-semibold text-slate-900">
        Adjust credits
      </h4>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Generations (+ gives, − takes back)" inputMode="numeric" value={input.delta} onChange={set('delta')} error={errors.delta} />
        <TextField label="Job id (optional)" value={input.jobId} onChange={set('jobId')} error={errors.jobId} hint="The job this refunds, shown in the ledger." />
      </div>
      <TextareaField label="Reason" value={input.reason} onChange={set('reason')} error={errors.reason} maxLength={ADMIN_REASON_MAX_LENGTH + 100} />
      <Button type="submit" disabled={sending}>
        {sending ? 'Saving...' : 'Adjust credits'}
      </Button>
    </form>
  );
}
