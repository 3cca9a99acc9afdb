import type { INestApplicationContext } from '@nestjs/common';
import { AccountsService, CommentsService, DealsService, PipelinesService } from '../crm/crm.api';
import type { RequestContext } from '../platform/tenancy/request-context';

const subjects = [
  'Annual supply contract',
  'Warehouse fit-out',
  'Spare parts',
  'Pilot order',
  'Framework agreement',
  'Service renewal',
  'New product line',
  'Seasonal stock',
];
const tagSets = [['inbound'], ['fair', 'hot'], ['referral'], [], ['outbound'], ['hot']];

/** A sales pipeline with six stages and 40 deals spread over the accounts of the CRM demo, with a few comments. */
export async function seedCrmDealsDemo(app: INestApplicationContext, ctx: RequestContext): Promise<void> {
  const pipelines = app.get(PipelinesService);
  const deals = app.get(DealsService);
  const comments = app.get(CommentsService);
  const pipeline = await pipelines.create(ctx, {
    title: 'New business',
    description: 'From first contact to signed contract',
    statuses: [
      { title: 'Lead', successRate: 10 },
      { title: 'Qualified', successRate: 25 },
      { title: 'Proposal', successRate: 50 },
      { title: 'Negotiation', successRate: 75 },
      { title: 'Won', successRate: 100, kind: 'Won' },
      { title: 'Lost', successRate: 0, kind: 'Lost' },
    ],
    tags: ['new-business'],
    customFields: [
      { key: 'source', label: 'Lead source', type: 'Text' },
      { key: 'decisionDate', label: 'Expected decision', type: 'Date' },
    ],
  });
  const accounts = (
    await app.get(AccountsService).list(ctx, { Take: 1000, Skip: 0, SortBy: 'DisplayName', SortOrder: 'Asc' })
  ).data;
  const ownerId = ctx.actor.type === 'User' ? ctx.actor.id : null;
  for (let i = 0; i < 40; i++) {
    const account = accounts.length ? accounts[i % accounts.length] : undefined;
    const status = pipeline.statuses[i % pipeline.statuses.length];
    const month = String(1 + (i % 12)).padStart(2, '0');
    const deal = await deals.create(ctx, {
      title: `${subjects[i % subjects.length]}${account ? ` – ${account.displayName}` : ''}`,
      pipelineId: pipeline.id,
      statusId: status.id,
      expectedRevenue: 1500 + ((i * 7919) % 48000) + (i % 4) * 0.25,
      accountId: account?.id ?? null,
      ownerId: i % 5 === 4 ? null : ownerId,
      startDate: `2026-${month}-01`,
      endDate: `2026-${month}-28`,
      tags: ['new-business', ...tagSets[i % tagSets.length]],
      customFields: { source: ['fair', 'website', 'referral'][i % 3], decisionDate: `2026-${month}-15` },
    });
    if (i % 8 === 0) await deals.setArchived(ctx, deal.id, true);
    if (i % 5 === 0) {
      await comments.create(ctx, {
        entityId: deal.id,
        entityType: 'Deal',
        body: `Spoke with the buyer about ${deal.title.toLowerCase()}.`,
        bodyFormat: 'Text',
      });
    }
  }
}
