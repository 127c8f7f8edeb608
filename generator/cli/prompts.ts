// The questions `a2a-gen init` asks on a terminal, each with a default (Enter accepts it).
// Streams are injectable, so tests drive the prompts without a terminal.
import { createInterface } from 'node:readline/promises';
import type { Readable, Writable } from 'node:stream';
import { loadProtocol } from '../inputs.js';
import { factsFor } from '../model/versions.js';

export interface InitAnswers {
  name: string;
  spec: string;
  skills: string[];
  streaming: boolean;
  pushNotifications: boolean;
  auth: 'none' | 'bearer' | 'apiKey';
  /** Where tasks live: this process's memory, or PostgreSQL shared by replicas (manifest server.store). */
  store: 'memory' | 'postgres';
  /** Serve gRPC beside JSON-RPC and HTTP+JSON (manifest server.bindings; from A2A v0.3.0). */
  grpc: boolean;
}

export const DEFAULT_ANSWERS: InitAnswers = {
  name: 'My Agent',
  spec: '1.0.1',
  skills: ['echo'],
  streaming: true,
  pushNotifications: false,
  auth: 'none',
  store: 'memory',
  grpc: false,
};

/** `defaultName`: what Enter gives for the name (init passes one made from the folder's name). */
export async function askInitQuestions(input: Readable, output: Writable, versions: string[], defaultName = DEFAULT_ANSWERS.name): Promise<InitAnswers> {
  const rl = createInterface({ input, output, terminal: false });
  // Lines typed ahead of a question (a paste, a script) wait in order for it.
  const lines: string[] = [];
  const waiting: ((line: string | undefined) => void)[] = [];
  let closed = false;
  rl.on('line', (line) => (waiting.length ? waiting.shift()!(line) : lines.push(line)));
  rl.on('close', () => {
    closed = true;
    while (waiting.length) waiting.shift()!(undefined);
  });
  const ask = async (question: string, fallback: string, check?: (answer: string) => string | undefined): Promise<string> => {
    for (;;) {
      output.write(`? ${question} (${fallback}) `);
      const line = lines.length ? lines.shift() : closed ? undefined : await new Promise<string | undefined>((r) => waiting.push(r));
      const answer = (line ?? '').trim() || fallback;
      if (line === undefined) output.write('\n');
      const problem = check?.(answer);
      if (!problem) return answer;
      output.write(`  ${problem}\n`);
      if (line === undefined) return fallback; // no more input: take the default
    }
  };
  const yes = (a: string): boolean => /^y(es)?$/i.test(a);
  const yesNo = (a: string): string | undefined => (/^(y(es)?|no?)$/i.test(a) ? undefined : 'answer y or n');
  try {
    const name = await ask('Agent name', defaultName, (a) => (a.length > 200 ? 'at most 200 characters' : undefined));
    const spec = await ask(`A2A version [${versions.join(', ')}]`, versions.at(-1) ?? DEFAULT_ANSWERS.spec, (a) =>
      versions.includes(a.replace(/^v/, '')) ? undefined : `one of ${versions.join(', ')}`,
    );
    const skills = (
      await ask('Skills (comma-separated ids)', DEFAULT_ANSWERS.skills.join(', '), (a) =>
        a.split(',').every((s) => /^[A-Za-z][\w-]{0,63}$/.test(s.trim())) ? undefined : 'ids: letters, digits, - and _, starting with a letter',
      )
    )
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const version = spec.replace(/^v/, '');
    // The streaming method as the chosen version names it (`SendStreamingMessage` on v1.0, `message/stream` on v0.2–v0.3).
    const streamMethod = (await loadProtocol(version, process.cwd()).catch(() => undefined))?.methods.find((m) => m.role === 'stream')?.name;
    const streaming = yes(await ask(`Streaming${streamMethod ? ` (${streamMethod})` : ''}? y/n`, 'y', yesNo));
    const pushNotifications = yes(await ask('Push notifications (webhooks)? y/n', 'n', yesNo));
    const auth = (await ask('Authentication: none, bearer or apiKey', 'none', (a) =>
      ['none', 'bearer', 'apiKey'].includes(a) ? undefined : 'none, bearer or apiKey',
    )) as InitAnswers['auth'];
    const store = (await ask('Task store: memory (one process) or postgres (shared by replicas, DATABASE_URL)', 'memory', (a) =>
      ['memory', 'postgres'].includes(a) ? undefined : 'memory or postgres',
    )) as InitAnswers['store'];
    // gRPC is a binding from v0.3.0; it adds a dependency (@grpc/grpc-js), so it is asked for, not assumed.
    const grpc = factsFor(version).grpc !== undefined && yes(await ask('Serve gRPC too (GRPC_PORT, adds @grpc/grpc-js)? y/n', 'n', yesNo));
    return { name, spec: version, skills: [...new Set(skills)], streaming, pushNotifications, auth, store, grpc };
  } finally {
    rl.close();
  }
}
