import type { ReactNode } from 'react';

/** A plain data table with a caption (read by screen readers) and column headers. */
export function Table({ caption, columns, children, empty }: { caption: string; columns: readonly string[]; children: ReactNode; empty?: string | false }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {children}
          {empty && (
            <tr>
              <td colSpan={columns.length} className="px-3 py-4 text-center text-slate-500">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

export const cellClass = 'px-3 py-2 align-top';
