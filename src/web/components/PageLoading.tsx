/** Shown while a page's code or texts load: a plain CSS spinner, so it costs no download and no words. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-busy="true">
      <span className="page-loading__spinner" />
    </div>
  );
}
