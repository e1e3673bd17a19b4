import { FREE_GENERATIONS, PREMIUM_GENERATIONS_PER_PERIOD } from '@lipcast/contracts';
import { generationAllowance, generationsLeft, isPremium, useAccount, type AccountUser } from './account';

/**
 * What the next paid action costs, said before it is spent (issue 16): the plan's allowance is used
 * first, then pack generations (the ledger's order). Null when nothing is left: the paywall speaks then.
 */
export function spendNotice(user: AccountUser): string | null {
  const left = generationsLeft(user);
  if (left === 0) return null;
  const allowanceLeft = Math.max(0, generationAllowance(user) - user.generationsCount);
  const after = `${left - 1} left after this`;
  if (allowanceLeft === 0) return `This uses 1 of your ${user.extraGenerations} extra videos (${after}).`;
  const plan = isPremium(user) ? `${PREMIUM_GENERATIONS_PER_PERIOD} Premium videos this month` : `${FREE_GENERATIONS} free videos`;
  return `This uses 1 of your ${plan} (${after}).`;
}

/** The spend notice for the signed-in user, placed beside the button that spends. */
export function SpendNotice({ id, className }: { id?: string; className?: string }) {
  const { user } = useAccount();
  const notice = user && spendNotice(user);
  if (!notice) return null;
  return (
    <p id={id} data-testid="spend-notice" className={className ?? 'text-sm text-slate-500'}>
      {notice}
    </p>
  );
}
