// A clearing run's page (issue 31 item 4), the server faked at fetch: beside the run's figures it
// shows what chains discharged and passed on, and how the amount in was discharged: the shares
// cleared in cycles, along chains and settled from balances; a participant's own figures show its
// payables discharged along chains.
import { configure, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import clearingRunsFile from '../../schemas/resources/clearingRuns.json';
import type { ResourceDefinition, ResourceRecord } from '../../src/shared/resources/types';
import { fakeApi, ok } from './support/fakeApi';
import { baseRoutes, renderResource } from './support/resourceHarness';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 20_000 });

const PATH = '/payment/interlinkingManagement';
const ID = '00000000-0000-4000-8000-0000000c1a10';

const run: ResourceRecord = {
  id: ID,
  accountId: 'a-2',
  state: 'completed',
  version: 1,
  createdAt: '2026-11-28T02:00:00.000Z',
  createdBy: 'u-ops',
  updatedAt: '2026-11-28T02:00:01.000Z',
  updatedBy: 'u-ops',
  runId: ID,
  trigger: 'daily',
  runDay: '2026-11-28',
  billsIn: 2,
  participants: 3,
  amountIn: '160.00',
  amountCleared: '0.00',
  amountChained: '60.00',
  amountPassed: '60.00',
  amountSettled: '16.00',
  amountDischarged: '16.00',
  amountUnsettled: '0.00',
  shareCycles: '0.0',
  shareChains: '37.5',
  shareSettled: '10.0',
  solverMs: 12,
  totalMs: 80,
  participantName: '沿链乙有限公司',
  ownBills: 2,
  payable: '60.00',
  receivable: '100.00',
  ownCleared: '0.00',
  ownChained: '60.00',
  netPosition: '40.00',
  settledAmount: '16.00',
  unsettledAmount: '0.00',
  events: [],
};

/** The value shown beside a label (antd descriptions: the label's cell, then its content's). */
const value = (label: string) => screen.getByText(label).closest('th, .ant-descriptions-item-label')?.nextElementSibling?.textContent;

describe("a clearing run's page", () => {
  it('shows the shares of the amount in cleared in cycles, discharged along chains and settled from balances', async () => {
    fakeApi({
      ...baseRoutes('owner', [clearingRunsFile as unknown as ResourceDefinition]),
      // The record as either data path answers it (the envelope, or /api/rest's bare JSON).
      [`GET /api/r/clearingRuns/${ID}`]: ok(run),
      [`GET /api/rest/clearingRuns/${ID}`]: { status: 200, body: run },
      'GET /api/receipts': ok([]),
    });
    renderResource(`${PATH}/show/${ID}`, { resource: 'clearingRuns', routePath: PATH });
    expect(await screen.findByText('抵消构成')).toBeInTheDocument();
    expect(value('环路互抵占比（%）')).toBe('0.0');
    expect(value('沿链转让抵消占比（%）')).toBe('37.5');
    expect(value('余额结算占比（%）')).toBe('10.0');
    expect(value('沿链转让抵消金额（元）')).toBe('60.00');
    expect(value('沿链转让的账单金额（元）')).toBe('60.00');
    expect(value('余额结算抵消金额（元）')).toBe('16.00');
    expect(value('本方沿链抵消（元）')).toBe('60.00');
  });
});
