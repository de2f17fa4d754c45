import { useId } from 'react';
import { visuallyHiddenStyle } from '../../../components/visually-hidden.tsx';
import { countOf } from '../../../lib/format.ts';

/**
 * The page numbers to offer, in order, with `null` where a run is left out: all of them when there are up to 7,
 * otherwise the first, the last and the pages around the current one.
 */
export function pageItems(current: number, count: number): (number | null)[] {
  if (count <= 7) return Array.from({ length: count }, (_, i) => i + 1);
  let start = Math.min(Math.max(current - 1, 2), count - 4);
  let end = Math.max(Math.min(current + 1, count - 1), 5);
  // A gap would stand for one page only: show the page instead.
  if (start === 3) start = 2;
  if (end === count - 2) end = count - 1;
  const middle = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  return [1, ...(start > 2 ? [null] : []), ...middle, ...(end < count - 1 ? [null] : []), count];
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface ListPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  itemName: string;
  pageSizes?: readonly number[] | undefined;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** Where the page is in the list ("11–20 of 42 files"), previous, next and page numbers, and the page size. */
export function ListPagination({
  page,
  pageSize,
  total,
  itemName,
  pageSizes,
  onPage,
  onPageSize,
}: ListPaginationProps) {
  const sizeId = useId();
  const count = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(page, 1), count);
  const from = (current - 1) * pageSize + 1;
  const to = Math.min(current * pageSize, total);
  return (
    <div className="portico-pagination">
      <span className="portico-pagination__total">{`${from}–${to} of ${countOf(total, itemName)}`}</span>
      <nav aria-label={`Pages of ${itemName}s`}>
        <ul className="portico-pagination__pages">
          <li>
            <button
              type="button"
              className="portico-pagination__item"
              aria-label="Previous page"
              disabled={current <= 1}
              onClick={() => onPage(current - 1)}
            >
              <Chevron direction="previous" />
            </button>
          </li>
          {pageItems(current, count).map((item, index) =>
            item === null ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: a gap is told apart only by where it stands
              <li key={`gap-${index}`} className="portico-pagination__gap" aria-hidden>
                …
              </li>
            ) : (
              <li key={item}>
                <button
                  type="button"
                  className="portico-pagination__item"
                  aria-label={`Page ${item}`}
                  aria-current={item === current ? 'page' : undefined}
                  onClick={() => item !== current && onPage(item)}
                >
                  {item}
                </button>
              </li>
            ),
          )}
          <li>
            <button
              type="button"
              className="portico-pagination__item"
              aria-label="Next page"
              disabled={current >= count}
              onClick={() => onPage(current + 1)}
            >
              <Chevron direction="next" />
            </button>
          </li>
        </ul>
      </nav>
      {pageSizes ? (
        <>
          <label htmlFor={sizeId} style={visuallyHiddenStyle}>
            {capitalised(itemName)}s per page
          </label>
          <select
            id={sizeId}
            className="portico-select portico-pagination__size"
            value={pageSize}
            onChange={(event) => onPageSize(Number(event.target.value))}
          >
            {(pageSizes.includes(pageSize) ? pageSizes : [pageSize, ...pageSizes]).map((size) => (
              <option key={size} value={size}>
                {size} / page
              </option>
            ))}
          </select>
        </>
      ) : null}
    </div>
  );
}

function Chevron({ direction }: { direction: 'previous' | 'next' }) {
  return (
    <svg aria-hidden width="10" height="10" viewBox="0 0 10 10" focusable="false">
      <path
        d={direction === 'previous' ? 'M6.5 1.5 3 5l3.5 3.5' : 'M3.5 1.5 7 5 3.5 8.5'}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      />
    </svg>
  );
}
