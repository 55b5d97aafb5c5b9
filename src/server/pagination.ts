// pageNo/pageSize of every list (DESIGN §4), bounded so no request can ask for everything.
import { fieldError } from './errors';

export interface PageQuery {
  pageNo: number;
  pageSize: number;
  offset: number;
}

export const MAX_PAGE_SIZE = 100;

export function pageFrom(src: unknown, defaultSize = 10, maxSize = MAX_PAGE_SIZE): PageQuery {
  const o = (src && typeof src === 'object' ? src : {}) as Record<string, unknown>;
  const pageNo = o.pageNo === undefined || o.pageNo === '' ? 1 : Number(o.pageNo);
  const pageSize = o.pageSize === undefined || o.pageSize === '' ? defaultSize : Number(o.pageSize);
  const errors: Record<string, string> = {};
  if (!Number.isInteger(pageNo) || pageNo < 1) errors.pageNo = 'invalidValue';
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > maxSize) errors.pageSize = 'invalidValue';
  if (Object.keys(errors).length) throw fieldError(errors);
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize };
}
