// pageNo/pageSize of every list (DESIGN §4), bounded so no request can ask for everything.
import { fieldError, type MessageRef } from './errors';

export interface PageQuery {
  pageNo: number;
  pageSize: number;
  offset: number;
}

export const MAX_PAGE_SIZE = 100;
/** Far beyond any real list, small enough that the offset stays an exact 32-bit-safe number. */
export const MAX_PAGE_NO = 1_000_000;

export function pageFrom(src: unknown, defaultSize = 10, maxSize = MAX_PAGE_SIZE): PageQuery {
  const o = (src && typeof src === 'object' ? src : {}) as Record<string, unknown>;
  const pageNo = o.pageNo === undefined || o.pageNo === '' ? 1 : Number(o.pageNo);
  const pageSize = o.pageSize === undefined || o.pageSize === '' ? defaultSize : Number(o.pageSize);
  const errors: Record<string, MessageRef> = {};
  // Out of range is refused, not clamped: a client asking for page 1e20 has a bug to see.
  if (!Number.isInteger(pageNo) || pageNo < 1 || pageNo > MAX_PAGE_NO) errors.pageNo = { key: 'api:pageNoRange', params: { max: MAX_PAGE_NO } };
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > maxSize) errors.pageSize = { key: 'api:pageSizeRange', params: { max: maxSize } };
  if (Object.keys(errors).length) throw fieldError(errors);
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize };
}
