/**
 * The proposal pages' addresses (docs/proposals.md): the dataset page's proposals tab filtered
 * by state, and a proposal's row diff by kind and page. Read by the server; no DOM, no zod.
 */
import { COMPARE_KINDS, type CompareKind } from '../contracts/limits.ts';

export const PROPOSAL_FILTERS = ['open', 'merged', 'closed', 'all'] as const;
export type ProposalFilter = (typeof PROPOSAL_FILTERS)[number];

/** Rows of the diff a page shows. */
export const DIFF_PAGE_ROWS = 25;

/** `?state=` of the proposals tab: open unless it names another filter. */
export function proposalFilter(params: URLSearchParams): ProposalFilter {
  const state = params.get('state') ?? '';
  return (PROPOSAL_FILTERS as readonly string[]).includes(state)
    ? (state as ProposalFilter)
    : 'open';
}

export type DiffAddress = { kind: CompareKind; page: number };

/** `?kind=&page=` of a proposal's page: the kind named (else `opening`) and a 1-based page. */
export function diffAddress(params: URLSearchParams, opening: CompareKind): DiffAddress {
  const kind = params.get('kind') ?? '';
  const page = Number(params.get('page'));
  return {
    kind: (COMPARE_KINDS as readonly string[]).includes(kind) ? (kind as CompareKind) : opening,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The query string of a diff address (the first page left out). */
export const diffSearch = ({ kind, page }: DiffAddress): string =>
  `?kind=${kind}${page > 1 ? `&page=${page}` : ''}`;

/** A row's cells as `name: value; …` (text as it is, numbers and others as JSON writes them). */
export const cellsText = (cells: Record<string, unknown>): string =>
  Object.entries(cells)
    .map(([name, v]) => `${name}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join('; ');
