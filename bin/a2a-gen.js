#!/usr/bin/env node
// Thin launcher: the CLI is compiled from generator/cli into dist/ by `npm run build`
// (run automatically by `npm ci` / `npm pack` through the `prepare` script).
import { main } from '../dist/generator/cli/main.js';

// `a2a-gen diff … | head` closes the pipe early: that is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
}

process.exitCode = await main(process.argv.slice(2));
