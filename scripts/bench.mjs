// `npm run bench`: the load scenarios and page-weight budget of bench/ (docs/decisions/0011-benchmarks.md).
// Node 24 runs the TypeScript in bench/ as is.
const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  console.error(`The benchmark needs Node 24 or newer; this is Node ${process.versions.node}.`);
  process.exit(1);
}

await import('../bench/run.ts');
