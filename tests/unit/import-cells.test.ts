// Reading an uploaded sheet (src/server/resources/import/): CSV in UTF-8 or GB18030 (Excel on a
// Chinese Windows), quoted fields, blank rows skipped, the format by name or content; and each
// cell as the value a create takes, by its field's kind: a day however it is written, an enum by
// its code or its label in either language, a region by its names, money as written.
import { describe, expect, it } from 'vitest';
import type { ResourceDefinition } from '../../src/shared/resources/types';
import { REPO_ROOT, readResource } from '../../src/shared/schema/load-node';
import { readCell } from '../../src/server/resources/import/cells';
import { formatOf, readSheet } from '../../src/server/resources/import/sheet';
import { AppError } from '../../src/server/errors';

const offers = readResource(REPO_ROOT, 'schemas/resources/purchaseOffers.json') as ResourceDefinition;

describe('import: a sheet as rows', () => {
  it('reads a UTF-8 CSV with its byte-order mark, quoted commas and line breaks, skipping blank rows', async () => {
    const csv = Buffer.from('\uFEFF报价标题,交易条款\r\n"钢材, 一批","第一行\n第二行"\r\n,\r\n\r\n线材,\r\n');
    const sheet = await readSheet(csv, 'csv');
    expect(sheet.header).toEqual(['报价标题', '交易条款']);
    expect(sheet.rows).toEqual([
      { row: 2, cells: ['钢材, 一批', '第一行\n第二行'] },
      { row: 5, cells: ['线材', ''] },
    ]);
  });

  it('reads a CSV saved in GB18030', async () => {
    // 报价标题 in GB18030, then a row of ASCII.
    const csv = Buffer.concat([Buffer.from([0xb1, 0xa8, 0xbc, 0xdb, 0xb1, 0xea, 0xcc, 0xe2]), Buffer.from('\r\nA1\r\n')]);
    expect((await readSheet(csv, 'csv')).header).toEqual(['报价标题']);
  });

  it('tells XLSX from CSV by the name, else by the content, and refuses other files', () => {
    expect(formatOf('plan.XLSX', Buffer.from('x'))).toBe('xlsx');
    expect(formatOf('plan.csv', Buffer.from('PK\x03\x04'))).toBe('csv');
    expect(formatOf('blob', Buffer.from('PK\x03\x04rest', 'latin1'))).toBe('xlsx');
    expect(formatOf('blob', Buffer.from('a,b'))).toBe('csv');
    expect(() => formatOf('plan.xls', Buffer.from('x'))).toThrow(AppError);
  });
});

describe('import: a cell as a field value', () => {
  const read = (field: string, cell: string | number | Date | null) => readCell(offers, field, cell);

  it('reads a day written as a date cell, with dashes, slashes, dots or 年月日', () => {
    expect(read('deliveryDate', new Date('2026-03-01T00:00:00Z'))).toEqual({ value: '2026-03-01' });
    for (const text of ['2026-3-1', '2026/03/01', '2026.3.1', '2026年3月1日']) expect(read('deliveryDate', text)).toEqual({ value: '2026-03-01' });
    // Not a day: passed on as typed, for the schema's own message.
    expect(read('deliveryDate', '下周一')).toEqual({ value: '下周一' });
  });

  it('reads an enum by its code or its label in either language, and passes an unknown one on', () => {
    expect(read('unit', '吨')).toEqual({ value: 'ton' });
    expect(read('unit', 'ton')).toEqual({ value: 'ton' });
    expect(read('category', 'Raw materials')).toEqual({ value: 'rawMaterial' });
    expect(read('unit', '桶')).toEqual({ value: '桶' });
  });

  it('reads a region by its names however separated, and says so when it is not one', () => {
    for (const text of ['浙江省 / 杭州市 / 西湖区', '浙江省/杭州市/西湖区', '浙江省 杭州市 西湖区', '浙江省，杭州市，西湖区']) expect(read('deliveryRegion', text)).toEqual({ value: ['33', '3301', '330106'] });
    expect(read('deliveryRegion', '浙江省 / 杭州市')).toEqual({ error: 'formats:format.region' });
    expect(read('deliveryRegion', '浙江省 / 苏州市 / 姑苏区')).toEqual({ error: 'formats:format.region' });
  });

  it('reads money as written (separators and a currency sign aside) and numbers as numbers', () => {
    expect(read('unitPrice', 3999.5)).toEqual({ value: '3999.5' });
    expect(read('unitPrice', '¥1,234.56')).toEqual({ value: '1234.56' });
    expect(read('unitPrice', '12.345')).toEqual({ value: '12.345' });
    expect(read('quantity', '1,200')).toEqual({ value: 1200 });
    expect(read('quantity', '二十')).toEqual({ value: '二十' });
    expect(read('contactPhone', 13800138000)).toEqual({ value: '13800138000' });
    expect(read('title', '   ')).toEqual({});
  });
});
