// Validates every declarative file (schemas/, variants/, the menu locale files) against its
// meta-schema and against each other, and every handler, compute, source and document a resource
// file names against what the server's domains contribute (src/server/domains).
// Usage: tsx scripts/check-schemas.ts [root directory]
// Prints each problem as file#pointer: message and exits 1 if there is any.
import path from 'node:path';
import { formatIssue } from '../src/shared/schema';
import { REPO_ROOT, checkSchemas } from '../src/shared/schema/load-node';
import { domains } from '../src/server/domains';
import { checkDomainNames } from '../src/server/resources/names';

const root = process.argv[2] ? path.resolve(process.argv[2]) : REPO_ROOT;
const checked = checkSchemas(root);
const issues = [...checked.issues, ...checkDomainNames(root, domains)];
const result = { ...checked, ok: issues.length === 0, issues };
if (result.ok) {
  console.log(`schemas: ${result.files.length} files valid (${result.files.join(', ')})`);
} else {
  for (const issue of result.issues) console.error(formatIssue(issue));
  console.error(`schemas: ${result.issues.length} problem${result.issues.length === 1 ? '' : 's'} in ${root}`);
  process.exitCode = 1;
}
