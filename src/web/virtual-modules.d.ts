// Modules that Vite plugins generate at build time (scripts/lib/vite-*.ts). An ambient module
// cannot import project types by a relative path: the consumer gives the values their type.
declare module 'virtual:lsf-resource-gates' {
  /** Each resource file's gate fields by resource name (scripts/lib/resource-gates.ts). */
  const gates: Record<string, unknown>;
  export default gates;
}
