import { Link } from 'react-router-dom';
import { Badge, cn } from '@lipcast/ui';

export const STEPS = ['Select Actor', 'Create Audio', 'Generate Video'] as const;

/** The wizard's links to the other ways in, and its 3-step progress bar. */
export function WizardHeader({ step }: { step: 1 | 2 | 3 }) {
  return (
    <div className="mb-8 space-y-6">
      <nav aria-label="Other ways to create" className="flex flex-wrap gap-3 text-sm">
        <Link to="/ai-influencer" className="inline-flex items-center gap-2 rounded-full border border-brand-200 px-3 py-1.5 text-brand-700 hover:bg-brand-50">
          New AI Influencer Creator <Badge variant="info">Beta</Badge>
        </Link>
        <Link to="/ai-influencer-pipeline" className="inline-flex items-center gap-2 rounded-full border border-brand-200 px-3 py-1.5 text-brand-700 hover:bg-brand-50">
          One Shot Influencer Video <Badge variant="info">Beta</Badge>
        </Link>
        <Link to="/user-influencers" className="inline-flex items-center rounded-full border border-slate-200 px-3 py-1.5 text-slate-700 hover:bg-slate-50">
          Browse Community Influencers
        </Link>
      </nav>
      <ol aria-label="Progress" className="grid grid-cols-3 gap-2">
        {STEPS.map((label, index) => {
          const number = index + 1;
          const state = number < step ? 'done' : number === step ? 'current' : 'next';
          return (
            <li key={label} aria-current={state === 'current' ? 'step' : undefined} className="space-y-2">
              <div className={cn('h-2 rounded-full', state === 'next' ? 'bg-slate-200' : 'bg-brand-600')} />
              <p className={cn('text-sm', state === 'current' ? 'font-semibold text-slate-900' : 'text-slate-500')}>
                {number}. {label}
              </p>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
