import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plan } from '@lipcast/contracts';
import { Badge, Button, cn, Dialog, DialogContent, DialogFooter } from '@lipcast/ui';
import { navigateAway, refreshAccount, toast, type PaymentRequest } from '@lipcast/web-kit';
import { Waiting } from '../common/Waiting';
import { COMPLETE_PURCHASE_TITLE, PaymentStep } from '../checkout/PaymentStep';
import { checkoutFailure, purchaseOf, startCheckout } from '../checkout/start-checkout';
import { limitReachedCopy } from '../plans/limit-reached';
import { formatPrice } from '../plans/plans';
import { usePlans } from '../plans/usePlans';
import { paywallOffer, paywallPlanTerms } from './paywall-offer';

export interface PaywallModalProps {
  request: PaymentRequest;
  onClose: () => void;
}

/**
 * Spec section 2, "Paywall modal": the plans step (the offer, preselected, and "Continue to
 * Payment"), then, when the server prepared an embedded payment, the card form. Hosted checkout
 * leaves the page instead.
 */
export function PaywallModal({ request, onClose }: PaywallModalProps) {
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const copy = limitReachedCopy(request.limit, request.requiresAdditionalOnly);
  const paying = clientSecret !== null;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={paying ? COMPLETE_PURCHASE_TITLE : copy.title}
        description={paying ? 'Enter your payment details to finish.' : copy.description}
      >
        {paying ? (
          <PaymentStep clientSecret={clientSecret} onCancel={() => setClientSecret(null)} onSubmitted={onClose} />
        ) : (
          <PlansStep requiresAdditionalOnly={request.requiresAdditionalOnly} onEmbeddedPayment={setClientSecret} />
        )}
      </DialogContent>
    </Dialog>
  );
}

interface PlansStepProps {
  requiresAdditionalOnly: boolean;
  onEmbeddedPayment: (clientSecret: string) => void;
}

function PlansStep({ requiresAdditionalOnly, onEmbeddedPayment }: PlansStepProps) {
  const queryClient = useQueryClient();
  const { data: plans, isLoading } = usePlans();
  const offer = paywallOffer(plans ?? [], requiresAdditionalOnly);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const selected = offer.plans.find((plan) => plan.id === chosenId) ?? offer.preselected;

  const checkout = useMutation({
    mutationFn: startCheckout,
    onSuccess: (step) => {
      if (step.kind === 'embedded') onEmbeddedPayment(step.clientSecret);
      else navigateAway(step.url, 'Payment Error');
    },
    onError: (error, plan) => {
      const failure = checkoutFailure(error, purchaseOf(plan));
      if (failure.kind === 'already-subscribed') {
        toast({ title: 'You already have Premium', description: 'Your subscription is active; see your plan on your profile.' });
        void refreshAccount(queryClient);
        return;
      }
      toast({ title: failure.title, description: failure.message, variant: 'destructive' });
    },
  });
  // Stays busy after a hosted checkout answer: the browser is on its way to Stripe.
  const busy = checkout.isPending || (checkout.isSuccess && checkout.data.kind === 'redirect');

  return (
    <div className="grid gap-4">
      {isLoading ? (
        <Waiting text="Loading payment options..." />
      ) : offer.plans.length === 0 ? (
        <p className="text-sm text-slate-600">No plans are available right now. Please try again later.</p>
      ) : (
        <fieldset className="grid gap-3" disabled={busy}>
          <legend className="sr-only">Choose a plan</legend>
          {offer.plans.map((plan) => (
            <PlanChoice key={plan.id} plan={plan} checked={plan.id === selected?.id} onSelect={() => setChosenId(plan.id)} />
          ))}
        </fieldset>
      )}
      {busy && <Waiting text="Preparing payment..." />}
      <DialogFooter>
        <Button disabled={!selected || busy} onClick={() => selected && checkout.mutate(selected)}>
          Continue to Payment
        </Button>
      </DialogFooter>
    </div>
  );
}

function PlanChoice({ plan, checked, onSelect }: { plan: Plan; checked: boolean; onSelect: () => void }) {
  const terms = paywallPlanTerms(plan);
  return (
    <label
      className={cn(
        'flex cursor-pointer gap-3 rounded-xl border p-4 transition-colors',
        checked ? 'border-brand-500 bg-brand-50/50 ring-2 ring-brand-500/20' : 'border-neutral-200 hover:bg-neutral-50',
      )}
    >
      <input type="radio" name="paywall-plan" className="mt-1 accent-brand-600" checked={checked} onChange={onSelect} />
      <span className="grid flex-1 gap-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-neutral-900">{plan.name}</span>
          {terms.badge && <Badge>{terms.badge}</Badge>}
        </span>
        <span className="text-sm text-neutral-600">
          <span className="text-xl font-bold text-neutral-900">{formatPrice(plan.price)}</span> {terms.priceNote}
        </span>
        <span className="grid text-sm text-neutral-700">
          {terms.features.map((feature) => (
            <span key={feature}>{feature}</span>
          ))}
        </span>
      </span>
    </label>
  );
}
