// Validates every declarative file (schemas/, variants/, the menu locale files) against its
// meta-schema and against each other. Usage: tsx scripts/check-schemas.ts [root directory]
// Prints each problem as file#pointer: message and exits 1 if there is any.
import path from 'node:path';
import { formatIssue } from '../src/shared/schema';
import { REPO_ROOT, checkSchemas } from '../src/shared/schema/load-node';

const root = process.argv[2] ? path.resolve(process.argv[2]) : REPO_ROOT;
const result = checkSchemas(root);
if (result.ok) {
  console.log(`schemas: ${result.files.length} files valid (${result.files.join(', ')})`);
} else {
  for (const issue of result.issues) console.error(formatIssue(issue));
  console.error(`schemas: ${result.issues.length} problem${result.issues.length === 1 ? '' : 's'} in ${root}`);
  process.exitCode = 1;
}
