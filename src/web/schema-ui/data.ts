import { useEffect, useState } from 'react';

// The region (about 140 kB) and industry data load on the pages that show or enter them, never
// with the console's first download. One promise each, shared by every widget and cell.

type RegionsModule = typeof import('../../shared/data/regions');
type IndustryModule = typeof import('../../shared/data/industry');

let regions: Promise<RegionsModule> | undefined;
let industry: Promise<IndustryModule> | undefined;

export const loadRegions = (): Promise<RegionsModule> => (regions ??= import('../../shared/data/regions'));
export const loadIndustry = (): Promise<IndustryModule> => (industry ??= import('../../shared/data/industry'));

function useLazyModule<M>(load: () => Promise<M>, needed: boolean): M | undefined {
  const [loaded, setLoaded] = useState<M>();
  useEffect(() => {
    if (!needed) return undefined;
    let live = true;
    load().then((module) => {
      if (live) setLoaded(() => module);
    }, () => {
      // A failed chunk shows the raw codes; the next page visit retries the download.
      if (load === loadRegions) regions = undefined;
      else industry = undefined;
    });
    return () => {
      live = false;
    };
  }, [load, needed]);
  return loaded;
}

/** The regions module once loaded (undefined before, or when not `needed`). */
export const useRegions = (needed = true) => useLazyModule(loadRegions, needed);
/** The industry module once loaded (undefined before, or when not `needed`). */
export const useIndustry = (needed = true) => useLazyModule(loadIndustry, needed);
