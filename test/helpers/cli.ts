// Runs the CLI in-process (fast, same code path as the binary) and captures its output.
import { Writable } from 'node:stream';
import { main } from '../../generator/cli/main.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer, _enc: BufferEncoding, cb: () => void): void {
    this.text += chunk.toString();
    cb();
  }
}

export async function runCli(args: string[], cwd: string): Promise<CliResult> {
  const stdout = new Capture();
  const stderr = new Capture();
  const code = await main(args, { cwd, stdout, stderr });
  return { code, stdout: stdout.text, stderr: stderr.text };
}
