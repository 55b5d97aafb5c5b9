import { Spin } from 'antd';

/** Shown while a page's code or texts load; it has no words, as the texts may not be there yet. */
export function PageLoading() {
  return (
    <div style={{ minHeight: '40vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin />
    </div>
  );
}
