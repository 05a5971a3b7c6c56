import { eq } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { datasets, proposals } from '../../db/schema.ts';
import { tableSummary } from '../datasets/changes.ts';
import { proposedOf, versionTable } from './sides.ts';

/**
 * Computes and stores a proposal's change summary, base → proposed (the shape of a version's,
 * numbered as the version after the base). Never fails the write that asked: a failure is
 * logged and the summary left null.
 */
export async function summarizeProposal(ctx: Context, id: number): Promise<void> {
  try {
    const [row] = await ctx.db
      .select({ proposal: proposals, key: datasets.keyColumns })
      .from(proposals)
      .innerJoin(datasets, eq(datasets.id, proposals.datasetId))
      .where(eq(proposals.id, id));
    if (!row) return;
    const { proposal } = row;
    const base = await versionTable(ctx, proposal.datasetId, proposal.baseVersion);
    const summary = await tableSummary(
      ctx,
      base,
      proposedOf(proposal),
      row.key,
      proposal.baseVersion + 1,
    );
    await ctx.db.update(proposals).set({ summary }).where(eq(proposals.id, id));
  } catch (error) {
    console.error(`summarizing proposal ${id} failed:`, error);
  }
}
