// The variant files, statically imported (no locale files here, so the browser bundle of the
// menu does not pull in every language).
import jjsk from '../../../variants/jjsk.json';
import main from '../../../variants/main.json';
import szdj from '../../../variants/szdj.json';
import xhn from '../../../variants/xhn.json';

/** Variant files shipped in the bundle. A new variant adds its file to variants/ and here. */
export const BUNDLED_VARIANTS = { main, xhn, szdj, jjsk } as const;
