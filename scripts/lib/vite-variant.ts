// Build-time variant selection (SPEC §1): VARIANT picks variants/<id>.json, and only that file
// goes into the bundle. The shared menu code imports every variant through
// src/shared/schema/variants.ts; in a browser build that module is swapped for one exporting the
// chosen variant alone, so menu.ts keeps its API and the other variants' branding stays out.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export interface PlatformInfo {
  /** Variant id (main, xhn, ...). */
  id: string;
  /** Its notice platform code (lsf, xhn, ...). */
  platform: string;
  name: Record<string, string>;
}

interface VariantFile {
  id: string;
  noticePlatform: string;
  name: Record<string, string>;
  productTitle: Record<string, string>;
  headerDescription: Record<string, string>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function variantPlugin(repoRoot: string, variant: string): Plugin {
  const variantsDir = path.join(repoRoot, 'variants');
  const variantFile = path.join(variantsDir, `${variant}.json`);
  if (!fs.existsSync(variantFile)) {
    const known = fs.readdirSync(variantsDir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
    throw new Error(`VARIANT=${variant}: no variants/${variant}.json (known: ${known.join(', ')})`);
  }
  const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as VariantFile;
  const selected = read(variantFile);
  // Ops publish notices for any platform, so every build knows the platform codes (not the files).
  const platforms: PlatformInfo[] = fs
    .readdirSync(variantsDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => read(path.join(variantsDir, f)))
    .map((v) => ({ id: v.id, platform: v.noticePlatform, name: v.name }));
  const variantsModule = path.join(repoRoot, 'src/shared/schema/variants.ts');

  return {
    name: 'lsf-variant',
    config: () => ({
      define: {
        __LSF_VARIANT__: JSON.stringify(variant),
        __LSF_PLATFORMS__: JSON.stringify(platforms),
      },
    }),
    load(id) {
      if (id.split('?')[0] !== variantsModule) return null;
      const file = JSON.stringify(variantFile);
      return `import variant from ${file};\nexport const BUNDLED_VARIANTS = { ${JSON.stringify(variant)}: variant };\n`;
    },
    // The HTML shell shows the variant's product title before any script runs.
    transformIndexHtml(html) {
      return html
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(selected.productTitle['zh-CN'])}</title>`)
        .replace(
          /<meta name="description" content="[^"]*"/,
          `<meta name="description" content="${escapeHtml(`${selected.productTitle['zh-CN']} — ${selected.headerDescription['zh-CN']}`)}"`,
        );
    },
  };
}
