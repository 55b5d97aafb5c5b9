// Request bodies the API suites, the browser journeys and the load tests share. No vitest here:
// the benchmarks import it too.

/** A purchase or supply offer's body: 20 t of rebar at 4,000.00 (80,000.00), 20% collateral. */
export const offerBody = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  category: 'rawMaterial',
  goodsName: '螺纹钢',
  spec: 'HRB400',
  unit: 'ton',
  quantity: 20,
  unitPrice: '4000.00',
  collateralRatio: 20,
  deliveryDate: '2099-12-20',
  validUntil: '2099-12-31',
  deliveryRegion: ['33', '3301', '330106'],
  terms: '货到验收后付款',
  ...extra,
});

/** A contract sent directly to `counterpartyId` (/contractUpdate/initiateContract): 5 t of rebar at 4,100.00, 10% collateral, as the buyer. */
export const contractOrder = (counterpartyId: string, title: string, extra: Record<string, unknown> = {}) => ({
  orderType: 'electronic',
  side: 'buyer',
  counterpartyId,
  title,
  goodsName: '螺纹钢',
  unit: 'ton',
  quantity: 5,
  unitPrice: '4100.00',
  collateralRatio: 10,
  deliveryDate: '2099-12-20',
  deliveryRegion: ['33', '3301', '330106'],
  ...extra,
});
