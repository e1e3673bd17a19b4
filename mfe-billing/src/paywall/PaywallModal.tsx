import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, DialogContent, DialogFooter } from '@lipcast/ui';
import { navigateAway, refreshAccount, toast, type PaymentRequest } from '@lipcast/web-kit';
import { Waiting } from '../common/Waiting';
import { COMPLETE_PURCHASE_TITLE, PaymentStep } from '../checkout/PaymentStep';
import { checkoutFailure, purchaseOf, startCheckout } from '../checkout/start-checkout';
import { limitReachedCopy } from '../plans/limit-reached';
import { OfferList } from '../plans/OfferList';
import { usePlans } from '../plans/usePlans';
import { paywallOffer } from './paywall-offer';

/**
 * Spec section 2, "Paywall modal": the plans step (the offer, preselected, and "Continue to
 * Payment"), then, when the server prepared an embedded payment, the card form. Hosted checkout
 * leaves the page instead.
 */
export function PaywallModal({ request, onClose }: { request: PaymentRequest; onClose: () => void }) {
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

function PlansStep({ requiresAdditionalOnly, onEmbeddedPayment }: { requiresAdditionalOnly: boolean; onEmbeddedPayment: (clientSecret: string) => void }) {
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
          <OfferList plans={offer.plans} choice={{ name: 'paywall-plan', selectedId: selected?.id, onSelect: (plan) => setChosenId(plan.id) }} />
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
