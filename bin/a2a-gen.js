#!/usr/bin/env node
// Thin launcher: the CLI is compiled from generator/cli into dist/ by `npm run build`
// (run automatically by `npm ci` / `npm pack` through the `prepare` script).
import { main } from '../dist/generator/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
