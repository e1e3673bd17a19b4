import { Link } from 'react-router-dom';

/** The product's logo, linking home. */
export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-700">
      <span aria-hidden className="grid size-8 place-items-center rounded-lg bg-brand-600 text-white">
        L
      </span>
      Lipcast
    </Link>
  );
}

/** The footer every page shows: the year, the rights notice and the legal links. */
export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-slate-500 sm:flex-row">
        <p>© {new Date().getFullYear()} Lipcast. All rights reserved.</p>
        <nav aria-label="Legal" className="flex gap-4">
          <Link to="/terms" className="hover:text-slate-900">
            Terms of Service
          </Link>
          <Link to="/privacy" className="hover:text-slate-900">
            Privacy Policy
          </Link>
        </nav>
      </div>
    </footer>
  );
}
